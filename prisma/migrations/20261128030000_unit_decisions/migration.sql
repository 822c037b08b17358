-- Each validation unit's decision as last worked out (its status, whether a check is tied, how many
-- checks wait for a researcher and how many of those are tied, the questions it rejects), with what it was worked out from, so a page
-- reads the decisions of a study instead of deciding every unit again (lib/designs/validation/
-- decision-store.ts). The app writes these rows after a read; a row counts only while its inputs equal
-- the unit's current ones (its tally's version, its number of adjudications, and the study's rule as
-- `epoch`), so a stale row is worked out again, never shown.

-- CreateTable
CREATE TABLE "UnitDecision" (
    "unitId" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "epoch" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "adjudications" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "tie" BOOLEAN NOT NULL,
    "queued" INTEGER NOT NULL,
    "queuedTies" INTEGER NOT NULL,
    "rejected" UUID[] NOT NULL,

    CONSTRAINT "UnitDecision_pkey" PRIMARY KEY ("unitId")
);

-- CreateIndex
CREATE INDEX "UnitDecision_studyId_idx" ON "UnitDecision"("studyId");

-- AddForeignKey
ALTER TABLE "UnitDecision" ADD CONSTRAINT "UnitDecision_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A tally's version, raised with every change to it, so a kept decision can tell whether its unit's tally
-- moved since (comparing the votes themselves read both copies: a third of the read at a million answers).
-- A new row starts at 1: a unit without one is at 0. The function is the one of 20261128020000_unit_tallies
-- but for the version.
ALTER TABLE "UnitTally" ADD COLUMN "version" BIGINT NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION "Tally_assignments"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
    INSERT INTO "UnitTally" AS u ("unitId", "studyId", responses, votes, version)
    -- a unit without a row has no part of any assignment yet: then this part is the whole tally
    VALUES (x."unitId", x."studyId", x.responses, x.votes, 1)
    ON CONFLICT ("unitId") DO UPDATE
    SET responses = u.responses + x.responses - x."wasResponses", votes = "Tally_add"("Tally_add"(u.votes, x.votes, 1), x."wasVotes", -1),
        version = u.version + 1;
    IF x.responses = 0 THEN
      DELETE FROM "AssignmentTally" WHERE "assignmentId" = x.id;
    ELSE
      INSERT INTO "AssignmentTally" ("assignmentId", "unitId", responses, votes) VALUES (x.id, x."unitId", x.responses, x.votes)
      ON CONFLICT ("assignmentId") DO UPDATE SET responses = EXCLUDED.responses, votes = EXCLUDED.votes;
    END IF;
  END LOOP;
END $$;
