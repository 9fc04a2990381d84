-- average_session_imps goes: average_session alone says how average plus
-- and minus are scored, at matchpoints and IMPs alike, as before 0043.
UPDATE events SET law_options = law_options - 'average_session_imps' WHERE law = 'contract-2017';
UPDATE sections SET law_options = law_options - 'average_session_imps' WHERE law = 'contract-2017';
