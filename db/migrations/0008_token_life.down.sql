-- Below 0008 a token has no end: it works until its row is gone. So the
-- tokens that have ended — revoked, or expired by now — are deleted, not
-- revived by dropping the columns that ended them (issue 24: the pre-0008
-- binary let a revoked director token create an event). Deleting loses
-- nothing else: no table of 0001-0007 points to a token (the audit keeps
-- names, not token ids), and sign_ins, which does, goes too. Refusing to
-- go down while such tokens exist was the other way: it would only make
-- the operator delete them by hand, mid-rollback. A token still running
-- keeps working without its end, as every token did before 0008.
DELETE FROM tokens WHERE revoked_at IS NOT NULL OR expires_at <= now();
DROP TABLE IF EXISTS sign_ins;
ALTER TABLE tokens DROP CONSTRAINT IF EXISTS tokens_expiry_check,
    DROP COLUMN IF EXISTS revoked_at, DROP COLUMN IF EXISTS expires_at;
