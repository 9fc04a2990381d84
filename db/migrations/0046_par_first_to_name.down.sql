-- Nothing to undo: before 0046 an absent par_first_to_name read as off,
-- and 0046 only stored that off where it was absent; a stored value (on or
-- off) means the same on both sides of it.
SELECT 1;
