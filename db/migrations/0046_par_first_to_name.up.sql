-- Issue 28 §4: contract-2017's par is now played by the first of the side
-- to name the strain by default (law option par_first_to_name on, the 2017
-- Laws' declarer), where it was DDS's published par (the side's better
-- seat). An event or section stored before keeps the par it was made with:
-- the option is stored off where it was never stored (an event made
-- before the option existed); one that stored it keeps its value.
UPDATE events
   SET law_options = law_options || jsonb_build_object(
           'par_first_to_name', COALESCE(law_options -> 'par_first_to_name', 'false'::jsonb))
 WHERE law = 'contract-2017';

UPDATE sections
   SET law_options = law_options || jsonb_build_object(
           'par_first_to_name', COALESCE(law_options -> 'par_first_to_name', 'false'::jsonb))
 WHERE law = 'contract-2017';
