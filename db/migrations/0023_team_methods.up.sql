-- Teams may be scored board-a-match, Patton or by aggregate total points
-- besides IMPs converted to VPs (tournament.TeamMethods).
ALTER TABLE events DROP CONSTRAINT events_scoring_check;
ALTER TABLE events ADD CONSTRAINT events_scoring_check CHECK (scoring IN (
    'MP', 'MP_ACBL', 'AVERAGE', 'TOTAL', 'CROSS_IMP', 'BUTLER', 'IMP_TEAMS',
    'BAM_TEAMS', 'PATTON_TEAMS', 'AGGREGATE_TEAMS'));
