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

-- CreateTable
CREATE TABLE "AssignmentTally" (
    "assignmentId" UUID NOT NULL,
    "unitId" UUID NOT NULL,
    "responses" INTEGER NOT NULL,
    "votes" JSONB NOT NULL,

    CONSTRAINT "AssignmentTally_pkey" PRIMARY KEY ("assignmentId")
);

-- CreateIndex
CREATE INDEX "UnitTally_studyId_idx" ON "UnitTally"("studyId");

-- AddForeignKey
ALTER TABLE "UnitTally" ADD CONSTRAINT "UnitTally_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentTally" ADD CONSTRAINT "AssignmentTally_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Votes a + sign × d (check key -> label -> count), dropping the labels and checks left at 0.
CREATE FUNCTION "Tally_add"(a jsonb, d jsonb, sign int) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  k text;
  labels jsonb;
  l text;
  n int;
BEGIN
  FOR k, labels IN SELECT * FROM jsonb_each(d) LOOP
    FOR l, n IN SELECT e.key, e.value::int FROM jsonb_each_text(labels) e LOOP
      n := coalesce((a -> k ->> l)::int, 0) + sign * n;
      IF n <> 0 THEN
        a := jsonb_set(a, ARRAY[k], coalesce(a -> k, '{}') || jsonb_build_object(l, n));
      ELSIF (a -> k) - l = '{}' THEN
        a := a - k;
      ELSE
        a := jsonb_set(a, ARRAY[k], (a -> k) - l);
      END IF;
    END LOOP;
  END LOOP;
  RETURN a;
END $$;

-- Each assignment's part of its unit's tally is kept beside it (AssignmentTally): what it added last
-- time. Whenever an assignment's answers or status change, its part is worked out again from its own
-- few answers (nothing unless it is submitted) and the difference goes into the unit's tally. Doing
-- it twice changes nothing, so it does not matter what a trigger of the same statement saw (plain
-- deltas count an answer twice when both the answer's and its status's trigger see both). Every
-- change to an assignment's answers or status holds its row lock (a submit locks it first; an
-- exclusion updates it), so its part is worked out by one transaction at a time, in statements that
-- start after the lock; the unit's tally takes the difference as an update of its latest row (READ
-- COMMITTED re-reads a row it waited for), so concurrent submits to a unit add up. Assignments are
-- taken in unit order.
CREATE FUNCTION "Tally_assignments"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "Assignment" a WHERE a.id = ANY(ids) ORDER BY a.id FOR NO KEY UPDATE;
  FOR x IN
    SELECT a.id, a."unitId", a."studyId", coalesce(t.responses, 0) AS "wasResponses", coalesce(t.votes, '{}') AS "wasVotes",
      CASE WHEN a.status = 'submitted' THEN (SELECT count(*)::int FROM "Response" r WHERE r."assignmentId" = a.id) ELSE 0 END AS responses,
      CASE WHEN a.status = 'submitted' THEN coalesce((
        SELECT jsonb_object_agg(c.key, c.labels) FROM (
          SELECT l.key, jsonb_object_agg(l.value, l.n) AS labels FROM (
            SELECT v.key, v.value, count(*)::int AS n FROM "Response" r JOIN "Vote" v ON v."responseId" = r.id
            WHERE r."assignmentId" = a.id GROUP BY 1, 2) l
          GROUP BY 1) c), '{}') ELSE '{}' END AS votes
    FROM "Assignment" a LEFT JOIN "AssignmentTally" t ON t."assignmentId" = a.id
    WHERE a.id = ANY(ids)
    ORDER BY a."unitId", a.id
  LOOP
    CONTINUE WHEN x.responses = x."wasResponses" AND x.votes = x."wasVotes";
    INSERT INTO "UnitTally" AS u ("unitId", "studyId", responses, votes)
    -- a unit without a row has no part of any assignment yet: then this part is the whole tally
    VALUES (x."unitId", x."studyId", x.responses, x.votes)
    ON CONFLICT ("unitId") DO UPDATE
    SET responses = u.responses + x.responses - x."wasResponses", votes = "Tally_add"("Tally_add"(u.votes, x.votes, 1), x."wasVotes", -1);
    IF x.responses = 0 THEN
      DELETE FROM "AssignmentTally" WHERE "assignmentId" = x.id;
    ELSE
      INSERT INTO "AssignmentTally" ("assignmentId", "unitId", responses, votes) VALUES (x.id, x."unitId", x.responses, x.votes)
      ON CONFLICT ("assignmentId") DO UPDATE SET responses = EXCLUDED.responses, votes = EXCLUDED.votes;
    END IF;
  END LOOP;
END $$;

-- The votes are now written once per statement (and then the answers' assignments tallied) instead of
-- one statement per response: the same rows (tests/integration/votes.test.ts).
DROP TRIGGER "Response_votes" ON "Response";
DROP FUNCTION "Response_votes"();

CREATE FUNCTION "Response_votes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  WITH answers AS (
    SELECT n.id, n."studyId", n."unitId", n."assignmentId", n.stage, n.payload
    FROM added n JOIN "Study" s ON s.id = n."studyId" AND s.design = 'validation'
  ), written AS (
    INSERT INTO "Vote" ("responseId", "key", "studyId", "unitId", "assignmentId", "stage", "value")
    SELECT a.id, e.key, a."studyId", a."unitId", a."assignmentId", a.stage, e.value
    FROM answers a CROSS JOIN LATERAL jsonb_each_text(a.payload -> 'answers') e
    WHERE jsonb_typeof(a.payload -> 'answers') = 'object'
  )
  SELECT coalesce(array_agg(DISTINCT "assignmentId"), '{}') INTO ids FROM answers;
  -- a statement of its own: it sees the votes just written
  PERFORM "Tally_assignments"(ids);
  RETURN NULL;
END $$;

CREATE TRIGGER "Response_votes" AFTER INSERT ON "Response" REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION "Response_votes"();

-- An assignment moving out of submitted (an exclusion voiding answers). Moving into submitted needs
-- nothing here: an assignment becomes submitted only in the statement that writes its final answer
-- (lib/assignment/submit.ts), whose trigger above tallies it after the whole statement, the new status
-- included (tallying it here too would cost every submit a second pass; tests/integration/
-- unit-tallies.test.ts fails when a status moves to submitted apart from its answer). A row trigger
-- whose condition PostgreSQL tests itself, so the other updates of Assignment (leases, renewals,
-- expiries) call nothing.
CREATE FUNCTION "Assignment_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "Study" s WHERE s.id = NEW."studyId" AND s.design = 'validation') THEN
    PERFORM "Tally_assignments"(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Assignment_tally" AFTER UPDATE OF status ON "Assignment"
FOR EACH ROW WHEN (OLD.status = 'submitted' AND NEW.status <> 'submitted') EXECUTE FUNCTION "Assignment_tally"();

-- the tallies of the validation answers stored before: each counted assignment's part, then the units' sums
INSERT INTO "AssignmentTally" ("assignmentId", "unitId", responses, votes)
SELECT a.id, a."unitId",
  (SELECT count(*)::int FROM "Response" r WHERE r."assignmentId" = a.id),
  coalesce((
    SELECT jsonb_object_agg(c.key, c.labels) FROM (
      SELECT l.key, jsonb_object_agg(l.value, l.n) AS labels FROM (
        SELECT v.key, v.value, count(*)::int AS n FROM "Response" r JOIN "Vote" v ON v."responseId" = r.id
        WHERE r."assignmentId" = a.id GROUP BY 1, 2) l
      GROUP BY 1) c), '{}')
FROM "Assignment" a JOIN "Study" s ON s.id = a."studyId" AND s.design = 'validation'
WHERE a.status = 'submitted' AND EXISTS (SELECT 1 FROM "Response" r WHERE r."assignmentId" = a.id);

INSERT INTO "UnitTally" ("unitId", "studyId", responses, votes)
SELECT u.id, u."studyId", coalesce(n.responses, 0), coalesce(v.votes, '{}')
FROM "StudyUnit" u JOIN "Study" s ON s.id = u."studyId" AND s.design = 'validation'
LEFT JOIN (SELECT "unitId", sum(responses)::int AS responses FROM "AssignmentTally" GROUP BY 1) n ON n."unitId" = u.id
LEFT JOIN (
  SELECT l."unitId", jsonb_object_agg(l.key, l.labels) AS votes FROM (
    SELECT c."unitId", c.key, jsonb_object_agg(c.value, c.n) AS labels FROM (
      SELECT v."unitId", v.key, v.value, count(*)::int AS n
      FROM "Vote" v JOIN "Assignment" a ON a.id = v."assignmentId" AND a.status = 'submitted'
      GROUP BY 1, 2, 3) c
    GROUP BY 1, 2) l
  GROUP BY 1) v ON v."unitId" = u.id
WHERE n.responses > 0;
