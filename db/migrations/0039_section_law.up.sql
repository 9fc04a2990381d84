-- A section may play its boards under a law code of its own (issue 28 §2:
-- the same deals under two codes, section against section): NULL is the
-- event's code. Its options are held with it, every option of that code.
ALTER TABLE sections
    ADD COLUMN law text CONSTRAINT sections_law_check CHECK (law IN (
        'bridge', 'bridge-portland', 'royal-auction-1913',
        'auction-1915', 'royalton-1915', 'contract-2017')),
    ADD COLUMN law_options jsonb
        CONSTRAINT sections_law_options_check CHECK (
            (law IS NULL AND law_options IS NULL)
            OR (law IS NOT NULL AND jsonb_typeof(law_options) = 'object'));
