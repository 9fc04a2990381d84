DROP TABLE IF EXISTS swiss_drafts;
