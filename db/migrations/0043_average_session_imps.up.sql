-- Law 12C2 (issue 26 §2): contract-2017's law option average_session now
-- gives average plus and minus by the session's percentage at matchpoints
-- only, and by default; at IMPs a new option, average_session_imps (off by
-- default: ±3 IMPs), does. An event or section stored before keeps how it
-- was scored: average_session as it was (false where it was never stored,
-- the old default), and average_session_imps as its average_session was
-- (the one option covered both before).
UPDATE events
   SET law_options = law_options || jsonb_build_object(
           'average_session', COALESCE(law_options -> 'average_session', 'false'::jsonb),
           'average_session_imps', COALESCE(law_options -> 'average_session_imps', law_options -> 'average_session', 'false'::jsonb))
 WHERE law = 'contract-2017';

UPDATE sections
   SET law_options = law_options || jsonb_build_object(
           'average_session', COALESCE(law_options -> 'average_session', 'false'::jsonb),
           'average_session_imps', COALESCE(law_options -> 'average_session_imps', law_options -> 'average_session', 'false'::jsonb))
 WHERE law = 'contract-2017';
