-- Fouled boards (Law 87): which tables played which version of a board.
-- One row a slot (section, board, round, table — the slot a result fills,
-- results_slot_key) that played a version other than the board as dealt
-- (version 1, the rows' absence). A slot, not a result: the director marks
-- the tables as soon as the foul is found, before a late table has entered
-- its result, and the mark survives a result deleted and entered again; a
-- result's version (its optimistic lock) does not change with the mark.
-- The marks are changed by a director only, each change written to changes.

CREATE TABLE board_versions (
    section_id bigint NOT NULL CONSTRAINT board_versions_section_fkey REFERENCES sections (id) ON DELETE CASCADE,
    board      integer NOT NULL CONSTRAINT board_versions_board_check CHECK (board >= 1),
    round      integer NOT NULL CONSTRAINT board_versions_round_check CHECK (round >= 1),
    table_no   integer NOT NULL CONSTRAINT board_versions_table_check CHECK (table_no >= 1),
    version    integer NOT NULL CONSTRAINT board_versions_version_check CHECK (version BETWEEN 2 AND 4),
    PRIMARY KEY (section_id, board, round, table_no)
);
