-- Standings notices (issue 24 §1): every server process keeps each section's
-- standings, as each audience sees them, from one change to the next
-- (tournament/standings_memo.go), and must hear when any process changes
-- what they are made of: a result stored, corrected, rescored or deleted; a
-- slot marked to be played later; a refused entry; a fouled board's
-- versions; a pair or team (their names). Each statement changing one of
-- those tables announces "standings:<section id>" once per section it
-- touched on traveler_changes (migration 0009's channel), delivered at
-- commit, once per payload a transaction. Statement triggers with
-- transition tables: an import of 180,000 results announces each of its
-- sections once, not once a row.

CREATE FUNCTION traveler_announce_standings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('traveler_changes', 'standings:' || section_id) FROM (SELECT DISTINCT section_id FROM old_rows) o;
    ELSE
        PERFORM pg_notify('traveler_changes', 'standings:' || section_id) FROM (SELECT DISTINCT section_id FROM new_rows) n;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER results_standings_ins AFTER INSERT ON results REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER results_standings_upd AFTER UPDATE ON results REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER results_standings_del AFTER DELETE ON results REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();

CREATE TRIGGER late_plays_standings_ins AFTER INSERT ON late_plays REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER late_plays_standings_upd AFTER UPDATE ON late_plays REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER late_plays_standings_del AFTER DELETE ON late_plays REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();

CREATE TRIGGER refused_entries_standings_ins AFTER INSERT ON refused_entries REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER refused_entries_standings_upd AFTER UPDATE ON refused_entries REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER refused_entries_standings_del AFTER DELETE ON refused_entries REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();

CREATE TRIGGER board_versions_standings_ins AFTER INSERT ON board_versions REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER board_versions_standings_upd AFTER UPDATE ON board_versions REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER board_versions_standings_del AFTER DELETE ON board_versions REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();

CREATE TRIGGER pairs_standings_ins AFTER INSERT ON pairs REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER pairs_standings_upd AFTER UPDATE ON pairs REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER pairs_standings_del AFTER DELETE ON pairs REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();

CREATE TRIGGER teams_standings_ins AFTER INSERT ON teams REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER teams_standings_upd AFTER UPDATE ON teams REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
CREATE TRIGGER teams_standings_del AFTER DELETE ON teams REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION traveler_announce_standings();
