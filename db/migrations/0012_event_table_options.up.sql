-- What the tables see (issue 22 §3): the director's options per event,
-- off by default as in every event made before them.
ALTER TABLE events
    ADD COLUMN table_traveler boolean NOT NULL DEFAULT false, -- a table sees a board's traveler so far once it has entered the board
    ADD COLUMN table_lead     boolean NOT NULL DEFAULT false; -- a table enters the opening lead
