-- As sqlite/027 (words with a price order): nothing to add. PostgreSQL's GIN index of the words (004) hands its
-- matches to the planner as a bitmap, which it combines with the price and category indexes itself.
SELECT 1;
