-- An individual section cannot be kept without its players: it goes, with
-- its rounds, pairs and results (their foreign keys cascade).
DELETE FROM sections WHERE kind = 'individual';
ALTER TABLE movement_rounds DROP COLUMN IF EXISTS players;
ALTER TABLE sections DROP COLUMN IF EXISTS players;
ALTER TABLE sections DROP CONSTRAINT sections_kind_check;
ALTER TABLE sections ADD CONSTRAINT sections_kind_check CHECK (kind IN ('custom', 'mitchell', 'howell', 'teams'));
