-- A result's auction (issue 13 §2): the calls from the dealer as the table
-- entered them, in their usual form ("1H", "PASS", "X", "XX"; the Bridge
-- codes' "LEAVE" and a strain alone), kept for the travelers and the PBN
-- export. NULL when the table did not record it.

ALTER TABLE results ADD COLUMN auction jsonb  -- ["1H", "PASS", "2H", "PASS", "PASS", "PASS"]
    CONSTRAINT results_auction_check CHECK (jsonb_typeof(auction) = 'array');
