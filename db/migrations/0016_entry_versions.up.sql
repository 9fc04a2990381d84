-- What an entry is checked and scored against (issue 24 §7): a section's
-- round, its tables' pace and its boards; an event's law code, options and
-- scoring method. Every change to them counts the row's entry_version up in
-- its transaction, holding the row's lock; an entry stores its results only
-- if the versions it was checked at are still those in force, holding the
-- section's row FOR SHARE until it commits (db/store_result.go). A change
-- of an event counts up its sections too, so that an entry waiting for the
-- change sees its section moved.
ALTER TABLE sections ADD COLUMN entry_version bigint NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN entry_version bigint NOT NULL DEFAULT 0;
