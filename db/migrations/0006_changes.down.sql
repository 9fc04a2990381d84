-- Going down forgets what 0006 kept: the changes, the files' digests, and
-- the deleted events and sections (deleted for good now, with their results
-- and audit, so that section names are unique again).

DROP TABLE IF EXISTS changes;

DELETE FROM events WHERE deleted_at IS NOT NULL;
DELETE FROM sections WHERE deleted_at IS NOT NULL;
DROP INDEX IF EXISTS sections_session_name_key;
ALTER TABLE sections ADD CONSTRAINT sections_session_name_key UNIQUE (session_id, name);
ALTER TABLE sections DROP COLUMN IF EXISTS deleted_at;

DROP INDEX IF EXISTS events_file_digest_idx;
ALTER TABLE events DROP COLUMN IF EXISTS file_digest;
ALTER TABLE events DROP COLUMN IF EXISTS deleted_at;
