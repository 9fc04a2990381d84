DROP TABLE refused_entries;
DROP TABLE late_plays;
DROP TABLE round_closures;
