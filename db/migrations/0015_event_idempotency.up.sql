-- The Idempotency-Key of an event's creation (issue 24: POST /v1/events
-- ignored it, and a retry after a lost answer made a second event): the
-- key, who sent it (as idempotency_keys: the token, or the role), the hash
-- of the request, and the event it made. Apart from idempotency_keys,
-- whose rows belong to a section; pruned with them.
CREATE TABLE event_idempotency_keys (
    scope        text NOT NULL,
    key          text NOT NULL,
    request_hash bytea NOT NULL,
    event_id     bigint NOT NULL CONSTRAINT event_idempotency_keys_event_fkey REFERENCES events (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

CREATE INDEX event_idempotency_keys_created_idx ON event_idempotency_keys (created_at);
