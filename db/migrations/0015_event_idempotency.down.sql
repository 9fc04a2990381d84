DROP TABLE IF EXISTS event_idempotency_keys;
