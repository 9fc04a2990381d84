-- The file's official figures go: an imported event can no longer switch
-- to them (corrections already made stay).
ALTER TABLE events DROP COLUMN IF EXISTS official_figures;
