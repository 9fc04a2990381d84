ALTER TABLE events DROP COLUMN entry_version;
ALTER TABLE sections DROP COLUMN entry_version;
