-- The director's adjustments (issue 26 §2): procedural penalties on a pair
-- or team (WBF Laws 2017, Law 90), and a director's correction of one side's
-- points on one traveler line. Both are read with their section
-- (Section.Penalties, Section.Corrections) and changed by a director only,
-- each change written to changes in the same transaction, which also
-- touches the section's row: its change notice and xmin (StandingsVersion)
-- tell every server to make the standings again.

-- penalties: one row a penalty given; lifting deletes it (the change keeps
-- what it was). number and direction name the pair as the movement labels
-- it (direction '' in a Howell or a teams section: a team by number).
CREATE TABLE penalties (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    section_id bigint NOT NULL CONSTRAINT penalties_section_fkey REFERENCES sections (id) ON DELETE CASCADE,
    number     text NOT NULL CONSTRAINT penalties_number_check CHECK (length(number) BETWEEN 1 AND 10),
    direction  text NOT NULL DEFAULT '' CONSTRAINT penalties_direction_check CHECK (direction IN ('', 'NS', 'EW')),
    amount     double precision NOT NULL CONSTRAINT penalties_amount_check CHECK (amount > 0 AND amount <= 1000),
    unit       text NOT NULL CONSTRAINT penalties_unit_check CHECK (unit IN ('mp', 'percent_top', 'imp', 'vp')),
    reason     text NOT NULL CONSTRAINT penalties_reason_check CHECK (length(reason) BETWEEN 1 AND 200),
    board      integer NOT NULL DEFAULT 0 CONSTRAINT penalties_board_check CHECK (board >= 0),
    given_by   text NOT NULL,
    given_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX penalties_section_idx ON penalties (section_id);

-- point_corrections: a director's figure for one side of one line, by slot
-- (section, board, round, table: results_slot_key, as board_versions), so
-- that it survives the line's result being corrected; kept until lifted.
CREATE TABLE point_corrections (
    section_id bigint NOT NULL CONSTRAINT point_corrections_section_fkey REFERENCES sections (id) ON DELETE CASCADE,
    board      integer NOT NULL CONSTRAINT point_corrections_board_check CHECK (board >= 1),
    round      integer NOT NULL CONSTRAINT point_corrections_round_check CHECK (round >= 1),
    table_no   integer NOT NULL CONSTRAINT point_corrections_table_check CHECK (table_no >= 1),
    side       text NOT NULL CONSTRAINT point_corrections_side_check CHECK (side IN ('NS', 'EW')),
    points     double precision NOT NULL CONSTRAINT point_corrections_points_check CHECK (points BETWEEN -1000 AND 1000),
    reason     text NOT NULL CONSTRAINT point_corrections_reason_check CHECK (length(reason) BETWEEN 1 AND 200),
    set_by     text NOT NULL,
    set_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (section_id, board, round, table_no, side)
);
