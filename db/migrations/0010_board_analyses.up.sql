-- Double-dummy analyses (issue 16 §1): when a board's hand record is
-- stored, a job of the river queue (its tables are river's own, made by
-- db.Migrate after these files) analyses the deal once, in the background,
-- and stores it here: the tricks each seat takes as declarer in each strain
-- (20 numbers: N E S W, each C D H S NT) and DDS's own par under
-- contract-2017 (every other code's par is worked out from the tricks when
-- read). An analysis holds for the deal it was made of: a board whose deal
-- changes drops it (db.Store.ReplaceBoards) and is analysed again.
CREATE TABLE board_analyses (
    section_id  bigint NOT NULL CONSTRAINT board_analyses_section_fkey REFERENCES sections (id) ON DELETE CASCADE,
    number      integer NOT NULL,
    deal        text NOT NULL,
    tricks      smallint[] NOT NULL CONSTRAINT board_analyses_tricks_check CHECK (cardinality(tricks) = 20 AND 0 <= ALL (tricks) AND 13 >= ALL (tricks)),
    par_score   integer NOT NULL,   -- contract-2017, DDS's DealerPar, for NS
    par_contracts text[] NOT NULL,  -- its contracts: "4SX EW -1"
    analysed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (section_id, number)
);
