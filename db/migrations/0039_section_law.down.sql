-- A section's own law code goes: its results are then the event's code's
-- to score (a director rescoring the event scores them again).
ALTER TABLE sections DROP COLUMN IF EXISTS law_options;
ALTER TABLE sections DROP COLUMN IF EXISTS law;
