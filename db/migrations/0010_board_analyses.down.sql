DROP TABLE board_analyses;
