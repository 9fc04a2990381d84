-- A deal's nullos by double dummy (issue 28 §1): the tricks each seat
-- (N E S W) takes as a nullo's declarer, solved by the analysis job for
-- sections whose code has nullos (scoring.SolveNullo: seconds to minutes a
-- deal, too long for a request). NULL: not solved (the code has no nullos,
-- or the search did not end within the job's bounds).
ALTER TABLE board_analyses ADD COLUMN nullo_tricks smallint[]
    CONSTRAINT board_analyses_nullo_tricks_check
    CHECK (nullo_tricks IS NULL OR (cardinality(nullo_tricks) = 4 AND 0 <= ALL (nullo_tricks) AND 13 >= ALL (nullo_tricks)));
