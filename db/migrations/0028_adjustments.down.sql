DROP TABLE IF EXISTS point_corrections;
DROP TABLE IF EXISTS penalties;
