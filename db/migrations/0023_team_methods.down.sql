-- Back to IMPs to VPs as the only teams method: an event scored
-- BAM_TEAMS, PATTON_TEAMS or AGGREGATE_TEAMS must be changed to another
-- method first (the constraint refuses to come back over it).
ALTER TABLE events DROP CONSTRAINT events_scoring_check;
ALTER TABLE events ADD CONSTRAINT events_scoring_check CHECK (scoring IN (
    'MP', 'MP_ACBL', 'AVERAGE', 'TOTAL', 'CROSS_IMP', 'BUTLER', 'IMP_TEAMS'));
