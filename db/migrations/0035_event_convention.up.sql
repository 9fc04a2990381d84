-- An event's convention (issue 27): the arithmetic its figures follow where
-- the laws leave it open, by name (scoring.Conventions); '' is traveler's own.
ALTER TABLE events ADD COLUMN convention text NOT NULL DEFAULT ''
    CONSTRAINT events_convention_check CHECK (length(convention) <= 40);
