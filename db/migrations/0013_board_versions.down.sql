DROP TABLE IF EXISTS board_versions;
