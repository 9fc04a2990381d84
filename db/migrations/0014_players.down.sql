DROP TABLE players;
