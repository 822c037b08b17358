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

-- Takes an assignment's scored answers (every stage) off the tally, per unit, question and stage. Rows are
-- written in key order, as below, so two transactions changing the same unit lock its rows in the same order.
CREATE FUNCTION "AnswerTally_remove"(assignment uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "AnswerTally" AS t ("unitId", "questionId", stage, "studyId", answers, scored, correct)
  SELECT a."unitId", s."questionId", s.stage, s."studyId", -count(*), -count(s.correct), -count(*) FILTER (WHERE s.correct)
  FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" JOIN "ScoredAnswer" s ON s."responseId" = r.id
  WHERE r."assignmentId" = assignment
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
-- submit) finds nothing to do. One statement after the lock: each statement of a trigger costs the
-- submit path its own executor start (bench:assign -- --study baseline, docs/benchmarks.md).
CREATE FUNCTION "ScoredAnswer_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- the submit already holds these rows; an exclusion takes them before its own tally change
  PERFORM 1 FROM "Assignment" a WHERE a.id IN (SELECT "assignmentId" FROM added) ORDER BY a.id FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  WITH fresh AS (
    INSERT INTO "TalliedAssignment" ("assignmentId")
    SELECT a.id FROM "Assignment" a WHERE a.id IN (SELECT "assignmentId" FROM added) AND a.status = 'submitted'
    ON CONFLICT DO NOTHING
    RETURNING "assignmentId"
  ), counted AS (
    SELECT r."assignmentId", s."questionId", s.stage, s."studyId", s.correct
    FROM fresh f JOIN "Response" r ON r."assignmentId" = f."assignmentId" JOIN "ScoredAnswer" s ON s."responseId" = r.id
    UNION ALL
    SELECT n."assignmentId", n."questionId", n.stage, n."studyId", n.correct
    FROM added n JOIN "Assignment" a ON a.id = n."assignmentId" AND a.status = 'submitted'
    WHERE n."assignmentId" NOT IN (SELECT "assignmentId" FROM fresh)
  )
  INSERT INTO "AnswerTally" AS t ("unitId", "questionId", stage, "studyId", answers, scored, correct)
  SELECT a."unitId", c."questionId", c.stage, c."studyId", count(*), count(c.correct), count(*) FILTER (WHERE c.correct)
  FROM counted c JOIN "Assignment" a ON a.id = c."assignmentId"
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3
  ON CONFLICT ("unitId", "questionId", stage) DO UPDATE
  SET answers = t.answers + EXCLUDED.answers, scored = t.scored + EXCLUDED.scored, correct = t.correct + EXCLUDED.correct;
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
    PERFORM "AnswerTally_remove"(NEW.id);
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
