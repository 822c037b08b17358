-- Counted votes per validation unit, check and label, kept as the answers and their assignments
-- change, so a results page reads a few rows per unit instead of grouping every vote of the study
-- (lib/designs/validation/results.ts). A tally is the count of the unit's Vote rows whose assignment
-- is submitted: what counted() (lib/designs/counted.ts) selects.

-- CreateTable
CREATE TABLE "UnitTally" (
    "unitId" UUID NOT NULL,
    "studyId" UUID NOT NULL,

    CONSTRAINT "UnitTally_pkey" PRIMARY KEY ("unitId")
);

-- CreateTable
CREATE TABLE "VoteTally" (
    "unitId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "studyId" UUID NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "VoteTally_pkey" PRIMARY KEY ("unitId","key","value")
);

-- CreateIndex
CREATE INDEX "VoteTally_studyId_idx" ON "VoteTally"("studyId");

-- AddForeignKey
ALTER TABLE "UnitTally" ADD CONSTRAINT "UnitTally_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoteTally" ADD CONSTRAINT "VoteTally_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "UnitTally"("unitId") ON DELETE CASCADE ON UPDATE CASCADE;

-- A unit's tallies are recounted whole rather than moved by deltas: a submit writes its response and
-- moves its assignment to submitted in one statement, and the triggers of the two would each see the
-- other's change, so deltas would count the answer twice. A recount is the same whatever order the
-- triggers run in. Recounts of a unit take its UnitTally row's lock first, in unit order, and count
-- with a snapshot taken after the lock (READ COMMITTED gives each statement its own), so the last
-- transaction to commit has counted everything committed before it. Row locks, not advisory locks:
-- a statement touching 50,000 units would not fit the shared lock table.
CREATE FUNCTION "Tally_recount"(units uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(units) = 0 THEN RETURN; END IF;
  INSERT INTO "UnitTally" ("unitId", "studyId")
  SELECT u.id, u."studyId" FROM "StudyUnit" u WHERE u.id = ANY(units) ORDER BY u.id
  ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "UnitTally" t WHERE t."unitId" = ANY(units) ORDER BY t."unitId" FOR UPDATE;
  DELETE FROM "VoteTally" WHERE "unitId" = ANY(units);
  INSERT INTO "VoteTally" ("unitId", "key", "value", "studyId", "n")
  SELECT t."unitId", v.key, v.value, t."studyId", count(*)::int
  FROM "UnitTally" t
  JOIN "Vote" v ON v."studyId" = t."studyId" AND v."unitId" = t."unitId"
  JOIN "Assignment" a ON a.id = v."assignmentId" AND a.status = 'submitted'
  WHERE t."unitId" = ANY(units)
  GROUP BY t."unitId", v.key, v.value, t."studyId";
END $$;

-- The votes are now written once per statement (and then the units' tallies recounted) instead of one
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

-- An assignment moving into or out of submitted (a submit, an exclusion voiding answers) changes
-- which votes count. (A trigger with transition tables cannot name its columns, so it sees every
-- update of Assignment and leaves at once when no status crossed.)
CREATE FUNCTION "Assignment_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  units uuid[];
BEGIN
  units := ARRAY(
    SELECT DISTINCT n."unitId" FROM before o JOIN after n ON n.id = o.id
    JOIN "Study" s ON s.id = n."studyId" AND s.design = 'validation'
    WHERE (o.status = 'submitted') <> (n.status = 'submitted')
  );
  PERFORM "Tally_recount"(units);
  RETURN NULL;
END $$;

CREATE TRIGGER "Assignment_tally" AFTER UPDATE ON "Assignment" REFERENCING OLD TABLE AS before NEW TABLE AS after
FOR EACH STATEMENT EXECUTE FUNCTION "Assignment_tally"();

-- the tallies of the validation answers stored before
SELECT "Tally_recount"(ARRAY(SELECT u.id FROM "StudyUnit" u JOIN "Study" s ON s.id = u."studyId" AND s.design = 'validation' WHERE EXISTS (SELECT 1 FROM "Vote" v WHERE v."studyId" = u."studyId" AND v."unitId" = u.id)));
