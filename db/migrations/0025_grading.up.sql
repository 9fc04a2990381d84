-- Strata and handicaps (issue 25 §5): a section's grading — the strata its
-- pairs (or teams) are also ranked in, highest first, and whether a
-- handicap is added to each one's result before ranking — and each pair's
-- and team's stratum and handicap. grading is {} for a section that has
-- neither: {"strata": [{"name": "A"}, {"name": "B", "below": 500}], "handicap": "percent"}.
ALTER TABLE sections ADD COLUMN grading jsonb NOT NULL DEFAULT '{}'
    CONSTRAINT sections_grading_check CHECK (jsonb_typeof(grading) = 'object');

ALTER TABLE pairs
    ADD COLUMN stratum  text NOT NULL DEFAULT '' CONSTRAINT pairs_stratum_check CHECK (length(stratum) <= 10),
    ADD COLUMN handicap double precision NOT NULL DEFAULT 0 CONSTRAINT pairs_handicap_check CHECK (handicap BETWEEN -1000 AND 1000);

ALTER TABLE teams
    ADD COLUMN stratum  text NOT NULL DEFAULT '' CONSTRAINT teams_stratum_check CHECK (length(stratum) <= 10),
    ADD COLUMN handicap double precision NOT NULL DEFAULT 0 CONSTRAINT teams_handicap_check CHECK (handicap BETWEEN -1000 AND 1000);
