-- How an event's sections and sessions are ranked together (issue 25,
-- "Sessions and fields"): a session's sections scored within each section
-- or across the field, the sessions summed or carried over at a
-- percentage, and how a pair is known again in another session.
ALTER TABLE events
    ADD COLUMN overall_field  text NOT NULL DEFAULT 'section'
        CONSTRAINT events_overall_field_check CHECK (overall_field IN ('section', 'field')),
    ADD COLUMN overall_method text NOT NULL DEFAULT 'sum'
        CONSTRAINT events_overall_method_check CHECK (overall_method IN ('sum', 'carryover')),
    ADD COLUMN carry_over     integer NOT NULL DEFAULT 0
        CONSTRAINT events_carry_over_check CHECK ((overall_method = 'sum' AND carry_over = 0)
                                               OR (overall_method = 'carryover' AND carry_over BETWEEN 1 AND 99)),
    ADD COLUMN same_pair      text NOT NULL DEFAULT 'players'
        CONSTRAINT events_same_pair_check CHECK (same_pair IN ('players', 'number'));
