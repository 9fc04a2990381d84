-- The stored nullo tables go: the declaration report searches nullos
-- within its request's budget again.
ALTER TABLE board_analyses DROP COLUMN IF EXISTS nullo_tricks;
