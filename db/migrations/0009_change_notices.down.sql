DROP TRIGGER IF EXISTS sign_ins_announce ON sign_ins;
DROP TRIGGER IF EXISTS tokens_announce ON tokens;
DROP TRIGGER IF EXISTS boards_announce ON boards;
DROP TRIGGER IF EXISTS events_announce ON events;
DROP TRIGGER IF EXISTS sections_announce ON sections;
DROP FUNCTION IF EXISTS traveler_announce();
