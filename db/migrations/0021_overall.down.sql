ALTER TABLE events
    DROP COLUMN same_pair,
    DROP COLUMN carry_over,
    DROP COLUMN overall_method,
    DROP COLUMN overall_field;
