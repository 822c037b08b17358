-- ToMATO questions: the "order" tag becomes a string, "first", "second", or "false_belief" for
-- false-belief questions (ToMATO reports them as a column of their own beside 1st and 2nd order),
-- and the file's integer moves to "order_raw", as lib/benchmarks/tomato/parse.ts now tags new
-- imports. Only tags change; the stored source records (and so exports) are untouched. Questions
-- already migrated (a string order) are left alone, so running this again changes nothing.
UPDATE "Question" AS q
SET "tags" = q."tags" || jsonb_build_object(
  'order',
  CASE
    WHEN q."tags" -> 'false_belief' = 'true'::jsonb THEN 'false_belief'
    WHEN q."tags" -> 'order' = '1'::jsonb THEN 'first'
    WHEN q."tags" -> 'order' = '2'::jsonb THEN 'second'
    ELSE q."tags" ->> 'order'
  END,
  'order_raw',
  q."tags" -> 'order'
)
FROM "Dataset" AS d
WHERE d."id" = q."datasetId"
  AND d."benchmark" = 'tomato'
  AND jsonb_typeof(q."tags" -> 'order') = 'number';
