-- Individual events (issue 26): a section of kind 'individual' seats four
-- players a table; its players count them, and each table of a round lists
-- its players at North, East, South and West (ns and ew are then the
-- partnerships North-South and East-West).
ALTER TABLE sections DROP CONSTRAINT sections_kind_check;
ALTER TABLE sections ADD CONSTRAINT sections_kind_check CHECK (kind IN ('custom', 'mitchell', 'howell', 'teams', 'individual'));
ALTER TABLE sections ADD COLUMN players integer NOT NULL DEFAULT 0 CONSTRAINT sections_players_check CHECK (players >= 0);
ALTER TABLE movement_rounds ADD COLUMN players integer[];
