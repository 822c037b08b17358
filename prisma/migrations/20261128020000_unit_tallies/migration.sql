-- What counts of each validation unit's answers, kept as the answers and their assignments change, so
-- a results page reads one row per unit instead of grouping every answer and vote of the study
-- (lib/designs/validation/results.ts): the unit's answers whose assignment is submitted, and their
-- Vote rows per check and label. Both are what counted() (lib/designs/counted.ts) selects.

-- CreateTable
CREATE TABLE "UnitTally" (
    "unitId" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "responses" INTEGER NOT NULL DEFAULT 0,
    "votes" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "UnitTally_pkey" PRIMARY KEY ("unitId")
);

-- CreateIndex
CREATE INDEX "UnitTally_studyId_idx" ON "UnitTally"("studyId");

-- AddForeignKey
ALTER TABLE "UnitTally" ADD CONSTRAINT "UnitTally_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A unit's tally is recounted whole rather than moved by deltas: a submit writes its answer and moves
-- its assignment to submitted in one statement, and the triggers of the two would each see the
-- other's change, so deltas would count the answer twice. A recount is the same whatever order the
-- triggers run in. Recounts take the units' UnitTally rows' locks first, in unit order, and count with
-- a snapshot taken after the lock (READ COMMITTED gives each statement its own), so the last
-- transaction to commit has counted everything committed before it. Row locks, not advisory locks: a
-- statement touching 50,000 units would not fit the shared lock table. Each unit is counted from its
-- own assignments (the Assignment(unitId, …) index), their answers and the answers' votes.
CREATE FUNCTION "Tally_recount"(units uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(units) = 0 THEN RETURN; END IF;
  INSERT INTO "UnitTally" ("unitId", "studyId")
  SELECT u.id, u."studyId" FROM "StudyUnit" u WHERE u.id = ANY(units) ORDER BY u.id
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "UnitTally" t WHERE t."unitId" = ANY(units) ORDER BY t."unitId" FOR UPDATE;
  UPDATE "UnitTally" t
  SET responses = (
        SELECT count(*)::int FROM "Assignment" a JOIN "Response" r ON r."assignmentId" = a.id
        WHERE a."unitId" = t."unitId" AND a.status = 'submitted'),
      votes = coalesce((
        SELECT jsonb_object_agg(c.key, c.labels) FROM (
          SELECT l.key, jsonb_object_agg(l.value, l.n) AS labels FROM (
            SELECT v.key, v.value, count(*)::int AS n
            FROM "Assignment" a JOIN "Response" r ON r."assignmentId" = a.id JOIN "Vote" v ON v."responseId" = r.id
            WHERE a."unitId" = t."unitId" AND a.status = 'submitted'
            GROUP BY 1, 2) l
          GROUP BY 1) c), '{}')
  WHERE t."unitId" = ANY(units);
END $$;

-- The votes are now written once per statement (and then the units recounted) instead of one
-- statement per response: the same rows (tests/integration/votes.test.ts), in one function so the
-- recount runs after them.
DROP TRIGGER "Response_votes" ON "Response";
DROP FUNCTION "Response_votes"();

CREATE FUNCTION "Response_votes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Vote" ("responseId", "key", "studyId", "unitId", "assignmentId", "stage", "value")
  SELECT n.id, e.key, n."studyId", n."unitId", n."assignmentId", n.stage, e.value
  FROM added n JOIN "Study" s ON s.id = n."studyId" AND s.design = 'validation'
  CROSS JOIN LATERAL jsonb_each_text(n.payload -> 'answers') e
  WHERE jsonb_typeof(n.payload -> 'answers') = 'object';
  PERFORM "Tally_recount"(ARRAY(
    SELECT DISTINCT n."unitId" FROM added n JOIN "Study" s ON s.id = n."studyId" AND s.design = 'validation'
  ));
  RETURN NULL;
END $$;

CREATE TRIGGER "Response_votes" AFTER INSERT ON "Response" REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION "Response_votes"();

-- An assignment moving into or out of submitted (a submit, an exclusion voiding answers) changes what
-- counts. (A trigger with transition tables cannot name its columns, so it sees every update of
-- Assignment and leaves at once when no status crossed.)
CREATE FUNCTION "Assignment_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "Tally_recount"(ARRAY(
    SELECT DISTINCT n."unitId" FROM before o JOIN after n ON n.id = o.id
    JOIN "Study" s ON s.id = n."studyId" AND s.design = 'validation'
    WHERE (o.status = 'submitted') <> (n.status = 'submitted')
  ));
  RETURN NULL;
END $$;

CREATE TRIGGER "Assignment_tally" AFTER UPDATE ON "Assignment" REFERENCING OLD TABLE AS before NEW TABLE AS after
FOR EACH STATEMENT EXECUTE FUNCTION "Assignment_tally"();

-- the tallies of the validation answers stored before
SELECT "Tally_recount"(ARRAY(SELECT u.id FROM "StudyUnit" u JOIN "Study" s ON s.id = u."studyId" AND s.design = 'validation'));
