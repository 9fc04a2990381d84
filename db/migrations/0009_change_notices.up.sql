-- Change notices (issue 15 §1): every server process keeps in memory the
-- sections, events, boards, tokens and sign-ins a request reads, and must
-- hear when another process changes one. A trigger announces each change on
-- the channel traveler_changes as "<kind>:<id>"; PostgreSQL delivers it when
-- the changing transaction commits (never for one rolled back), once per
-- payload a transaction, to every process LISTENing (db.Store.Listen). The
-- triggers see every change, whichever process, command or import made it.

-- traveler_announce(kind, column): announces "<kind>:<the row's column>".
CREATE FUNCTION traveler_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN
        r := to_jsonb(OLD);
    ELSE
        r := to_jsonb(NEW);
    END IF;
    PERFORM pg_notify('traveler_changes', TG_ARGV[0] || ':' || (r ->> TG_ARGV[1]));
    RETURN NULL;
END $$;

CREATE TRIGGER sections_announce AFTER UPDATE OR DELETE ON sections
    FOR EACH ROW EXECUTE FUNCTION traveler_announce('section', 'id');
CREATE TRIGGER events_announce AFTER UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION traveler_announce('event', 'id');
CREATE TRIGGER boards_announce AFTER INSERT OR UPDATE OR DELETE ON boards
    FOR EACH ROW EXECUTE FUNCTION traveler_announce('boards', 'section_id');
CREATE TRIGGER tokens_announce AFTER UPDATE OR DELETE ON tokens
    FOR EACH ROW EXECUTE FUNCTION traveler_announce('token', 'id');
CREATE TRIGGER sign_ins_announce AFTER UPDATE OR DELETE ON sign_ins
    FOR EACH ROW EXECUTE FUNCTION traveler_announce('sign_in', 'id');
