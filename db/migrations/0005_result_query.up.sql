-- A result's query: what the players asked the director about it (the
-- opponents did not agree, a ruling is wanted); '' when there is none.

ALTER TABLE results ADD COLUMN query text NOT NULL DEFAULT ''
    CONSTRAINT results_query_check CHECK (char_length(query) <= 500);
