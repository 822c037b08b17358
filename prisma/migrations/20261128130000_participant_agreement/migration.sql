-- Each validation participant's agreement with the others' majority as last worked out, so a page of
-- the participants table reads a hundred rows instead of working out the agreement of their 100,000
-- assignments again (lib/designs/validation/participant-store.ts). A row holds the lowest transaction
-- that the snapshot it was worked out in could not see (`asOf`, the snapshot's xmin). The app writes
-- these rows after a read; a row counts only while no unit the participant has an assignment for has
-- been changed since by a transaction at or after `asOf`, and while the rule (`epoch`) is the same.

-- CreateTable
CREATE TABLE "ParticipantAgreement" (
    "participantId" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "epoch" TEXT NOT NULL,
    "asOf" BIGINT NOT NULL,
    "agree" INTEGER NOT NULL,
    "compared" INTEGER NOT NULL,
    "restsOn" INTEGER NOT NULL,

    CONSTRAINT "ParticipantAgreement_pkey" PRIMARY KEY ("participantId")
);

-- CreateIndex
CREATE INDEX "ParticipantAgreement_studyId_idx" ON "ParticipantAgreement"("studyId");

-- AddForeignKey
ALTER TABLE "ParticipantAgreement" ADD CONSTRAINT "ParticipantAgreement_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The transaction that last changed a unit's tally (its xid). Whichever transaction last changed it, a
-- change that a snapshot could not see leaves a last writer at or after that snapshot's xmin: the
-- writer either ran while the snapshot was taken or began after it. Rows from before have 0: every
-- snapshot that can keep an agreement sees them. Not indexed, so a tally's update can stay HOT; a read
-- filters the study's rows (milliseconds at 50,000). The function is the one of
-- 20261128030000_unit_decisions but for this column.
ALTER TABLE "UnitTally" ADD COLUMN "changedBy" BIGINT NOT NULL DEFAULT 0;

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
    INSERT INTO "UnitTally" AS u ("unitId", "studyId", responses, votes, version, "changedBy")
    -- a unit without a row has no part of any assignment yet: then this part is the whole tally
    VALUES (x."unitId", x."studyId", x.responses, x.votes, 1, pg_current_xact_id()::text::bigint)
    ON CONFLICT ("unitId") DO UPDATE
    SET responses = u.responses + x.responses - x."wasResponses", votes = "Tally_add"("Tally_add"(u.votes, x.votes, 1), x."wasVotes", -1),
        version = u.version + 1, "changedBy" = pg_current_xact_id()::text::bigint;
    IF x.responses = 0 THEN
      DELETE FROM "AssignmentTally" WHERE "assignmentId" = x.id;
    ELSE
      INSERT INTO "AssignmentTally" ("assignmentId", "unitId", responses, votes) VALUES (x.id, x."unitId", x.responses, x.votes)
      ON CONFLICT ("assignmentId") DO UPDATE SET responses = EXCLUDED.responses, votes = EXCLUDED.votes;
    END IF;
  END LOOP;
END $$;
