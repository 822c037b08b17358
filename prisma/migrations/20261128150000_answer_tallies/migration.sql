-- What counts of each baseline question's scored answers at each stage, kept as the answers and their
-- assignments change, so the accuracy tables, the models beside people and the progress read one row per
-- unit × question × stage instead of a million answers (lib/designs/baseline/models.ts, progress.ts): the answers
-- whose assignment is submitted (what counted(), lib/designs/counted.ts, selects), how many of them the
-- benchmark scored, and how many were right. An assignment's answers are in the tally exactly while
-- it has a TalliedAssignment row, so a change adds or takes off just that assignment's answers.

-- CreateTable
CREATE TABLE "AnswerTally" (
    "unitId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "stage" INTEGER NOT NULL,
    "studyId" UUID NOT NULL,
    "answers" INTEGER NOT NULL,
    "scored" INTEGER NOT NULL,
    "correct" INTEGER NOT NULL,

    CONSTRAINT "AnswerTally_pkey" PRIMARY KEY ("unitId","questionId","stage")
);

-- CreateTable
CREATE TABLE "TalliedAssignment" (
    "assignmentId" UUID NOT NULL,

    CONSTRAINT "TalliedAssignment_pkey" PRIMARY KEY ("assignmentId")
);

-- CreateIndex
CREATE INDEX "AnswerTally_studyId_stage_idx" ON "AnswerTally"("studyId", "stage");

-- AddForeignKey
ALTER TABLE "AnswerTally" ADD CONSTRAINT "AnswerTally_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TalliedAssignment" ADD CONSTRAINT "TalliedAssignment_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Adds sign × the scored answers of the assignments `whole` (every stage) and of the (response, question)
-- pairs given, per unit, question and stage. Rows are written in key order, so two transactions
-- changing the same unit lock its rows in the same order.
CREATE FUNCTION "AnswerTally_add"(sign int, whole uuid[], responses uuid[], questions uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(whole) = 0 AND cardinality(responses) = 0 THEN RETURN; END IF;
  INSERT INTO "AnswerTally" AS t ("unitId", "questionId", stage, "studyId", answers, scored, correct)
  SELECT a."unitId", s."questionId", s.stage, s."studyId", sign * count(*), sign * count(s.correct), sign * count(*) FILTER (WHERE s.correct)
  FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" JOIN "ScoredAnswer" s ON s."responseId" = r.id
  WHERE r."assignmentId" = ANY(whole)
     OR (r.id = ANY(responses) AND (s."responseId", s."questionId") IN (SELECT * FROM unnest(responses, questions)))
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3
  ON CONFLICT ("unitId", "questionId", stage) DO UPDATE
  SET answers = t.answers + EXCLUDED.answers, scored = t.scored + EXCLUDED.scored, correct = t.correct + EXCLUDED.correct;
END $$;

-- Scored answers written (the submit statement writes them with the response and the assignment's new
-- status; AFTER triggers run once the whole statement is done, so they see that status). An assignment
-- that is submitted and not yet tallied begins to count with all its answers, earlier stages' too (a
-- staged study counts them only once the last stage is in); one already tallied adds the new answers
-- alone (seeds that write a stage at a time). A statement without baseline answers (every validation
-- submit) finds nothing to do.
CREATE FUNCTION "ScoredAnswer_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  whole uuid[];
  responses uuid[];
  questions uuid[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT "assignmentId"), '{}') INTO ids FROM added;
  IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
  -- the submit already holds these rows; an exclusion takes them before its own tally change
  PERFORM 1 FROM "Assignment" a WHERE a.id = ANY(ids) ORDER BY a.id FOR NO KEY UPDATE;
  WITH fresh AS (
    INSERT INTO "TalliedAssignment" ("assignmentId")
    SELECT a.id FROM "Assignment" a WHERE a.id = ANY(ids) AND a.status = 'submitted'
    ON CONFLICT DO NOTHING
    RETURNING "assignmentId")
  SELECT coalesce(array_agg("assignmentId"), '{}') INTO whole FROM fresh;
  SELECT coalesce(array_agg(n."responseId"), '{}'), coalesce(array_agg(n."questionId"), '{}') INTO responses, questions
  FROM added n JOIN "Assignment" a ON a.id = n."assignmentId" AND a.status = 'submitted'
  WHERE NOT (n."assignmentId" = ANY(whole));
  PERFORM "AnswerTally_add"(1, whole, responses, questions);
  RETURN NULL;
END $$;

CREATE TRIGGER "ScoredAnswer_tally" AFTER INSERT ON "ScoredAnswer" REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION "ScoredAnswer_tally"();

-- An assignment moving out of submitted (an exclusion voiding answers): its answers stop counting.
-- Moving into submitted needs nothing here, as for the validation tallies (20261128020000_unit_tallies):
-- an assignment becomes submitted only in the statement that writes its final answers
-- (lib/assignment/submit.ts), whose trigger above counts them.
CREATE FUNCTION "Assignment_answer_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "TalliedAssignment" WHERE "assignmentId" = NEW.id;
  IF FOUND THEN
    PERFORM "AnswerTally_add"(-1, ARRAY[NEW.id], '{}', '{}');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Assignment_answer_tally" AFTER UPDATE OF status ON "Assignment"
FOR EACH ROW WHEN (OLD.status = 'submitted' AND NEW.status <> 'submitted') EXECUTE FUNCTION "Assignment_answer_tally"();

-- the baseline answers stored before: the submitted assignments with scored answers, then their counts
INSERT INTO "TalliedAssignment" ("assignmentId")
SELECT a.id FROM "Assignment" a
WHERE a.status = 'submitted' AND EXISTS (SELECT 1 FROM "Response" r JOIN "ScoredAnswer" s ON s."responseId" = r.id WHERE r."assignmentId" = a.id);

INSERT INTO "AnswerTally" ("unitId", "questionId", stage, "studyId", answers, scored, correct)
SELECT a."unitId", s."questionId", s.stage, s."studyId", count(*)::int, count(s.correct)::int, (count(*) FILTER (WHERE s.correct))::int
FROM "ScoredAnswer" s JOIN "Assignment" a ON a.id = s."assignmentId" AND a.status = 'submitted'
GROUP BY 1, 2, 3, 4;
