-- As sqlite/008 (a prefix index for words typed as the start of a word): the GIN index of 004 already answers
-- a prefix (to_tsquery's `word:*`) from its sorted terms, so nothing is added here; the number is kept so both
-- engines count the same migrations.
SELECT 1;
