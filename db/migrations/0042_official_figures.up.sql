-- An event imported from a results file with figures of its own keeps the
-- file's line points that differ from traveler's (issue 27 §2), as the
-- corrections that would make them the event's: the director may keep them
-- or take traveler's after the import. NULL: the event was not imported
-- from a file with figures of its own; [] : the file's figures all agree.
ALTER TABLE events ADD COLUMN official_figures jsonb;
