-- A Swiss teams section's draft pairing (issue 25): the next round as
-- proposed from the standings and changed by hand, which the director sees
-- before releasing it; the tables see only the movement's rounds. One
-- draft a section; releasing it deletes it.
CREATE TABLE swiss_drafts (
    section_id bigint PRIMARY KEY CONSTRAINT swiss_drafts_section_fkey REFERENCES sections (id) ON DELETE CASCADE,
    round      integer NOT NULL CONSTRAINT swiss_drafts_round_check CHECK (round >= 2),
    version    integer NOT NULL CONSTRAINT swiss_drafts_version_check CHECK (version >= 1),
    matches    jsonb NOT NULL CONSTRAINT swiss_drafts_matches_check CHECK (jsonb_typeof(matches) = 'array'),
    forced     boolean NOT NULL DEFAULT false, -- paired before the previous round's results were complete
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
