-- Round 2: every design on one contract (frozen unit question lists, per-group quotas, stages,
-- probes for quality control), and answered data protected by the database: foreign keys from
-- responses and assignments upward RESTRICT, so no settings change can cascade into them.

-- AlterEnum
ALTER TYPE "AssignmentStatus" ADD VALUE 'excluded';

-- CreateEnum
CREATE TYPE "ParticipantStatus" AS ENUM ('active', 'done', 'returned', 'screened_out', 'failed_qualification', 'failed_attention', 'excluded');

-- CreateEnum
CREATE TYPE "ProbePhase" AS ENUM ('qualification', 'training', 'attention', 'gold');

-- AlterTable
ALTER TABLE "Study" ADD COLUMN "settings" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "StudyUnit" ADD COLUMN "questionIds" UUID[],
ADD COLUMN "model" TEXT,
ADD COLUMN "stratum" JSONB,
ADD COLUMN "groupValue" TEXT;

-- existing units: a question unit asks its question; a context unit the study's matching questions of its context
UPDATE "StudyUnit" u SET "questionIds" = ARRAY[u."questionId"] WHERE u."questionId" IS NOT NULL;
UPDATE "StudyUnit" u SET "questionIds" = coalesce((
  SELECT array_agg(q.id ORDER BY q."recordIndex", q.position) FROM "Question" q JOIN "Study" s ON s.id = u."studyId"
  WHERE q."contextId" = u."contextId" AND q."datasetId" = s."datasetId"
    AND NOT EXISTS (SELECT 1 FROM jsonb_each(s.filter) f
                    WHERE NOT (q.tags ->> f.key) = ANY (ARRAY(SELECT jsonb_array_elements_text(f.value))))
), '{}') WHERE u."questionId" IS NULL;
ALTER TABLE "StudyUnit" ALTER COLUMN "questionIds" SET NOT NULL;

-- AlterTable
ALTER TABLE "Participant" ADD COLUMN "groupValues" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "screener" JSONB,
ADD COLUMN "status" "ParticipantStatus" NOT NULL DEFAULT 'active',
ADD COLUMN "statusReason" TEXT,
ADD COLUMN "statusAt" TIMESTAMPTZ(3),
ADD COLUMN "consentVersion" TEXT,
ADD COLUMN "language" TEXT,
ADD COLUMN "qualifiedAt" TIMESTAMPTZ(3);
ALTER TABLE "Participant" ALTER COLUMN "groupValues" SET NOT NULL;

-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN "group" TEXT,
ADD COLUMN "stage" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN "servedStage" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex: one live lease per participant at a time (two tabs racing for a unit: one wins)
CREATE UNIQUE INDEX "Assignment_one_live_per_participant" ON "Assignment"("participantId") WHERE "status" = 'live';

-- AlterTable: stage becomes a number; the single stage of round 1 ("main") is stage 1
ALTER TABLE "Response" ALTER COLUMN "stage" TYPE INTEGER USING (CASE WHEN "stage" ~ '^[0-9]+$' THEN "stage"::integer ELSE 1 END),
ADD COLUMN "revised" BOOLEAN,
ADD COLUMN "signals" JSONB;

-- AlterTable
ALTER TABLE "ModelPrediction" ADD COLUMN "view" TEXT NOT NULL DEFAULT '';

-- DropIndex
DROP INDEX "ModelPrediction_questionId_model_key";

-- CreateIndex
CREATE UNIQUE INDEX "ModelPrediction_questionId_model_view_key" ON "ModelPrediction"("questionId", "model", "view");

-- CreateTable
CREATE TABLE "ModelMetric" (
    "id" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelMetric_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitQuota" (
    "unitId" UUID NOT NULL,
    "group" TEXT NOT NULL,
    "capacity" INTEGER NOT NULL,
    "activeCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "UnitQuota_pkey" PRIMARY KEY ("unitId","group"),
    -- per-group quotas as exact as N: never more live-or-submitted assignments of a group than its capacity
    CONSTRAINT "UnitQuota_activeCount_range" CHECK ("activeCount" >= 0 AND "activeCount" <= "capacity")
);

-- CreateTable
CREATE TABLE "Probe" (
    "id" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "phase" "ProbePhase" NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "questionId" UUID,
    "attentionItem" INTEGER,
    "servedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMPTZ(3),
    "answer" JSONB,
    "correct" BOOLEAN,
    "durationMs" INTEGER,
    "idempotencyKey" TEXT,

    CONSTRAINT "Probe_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ModelMetric_questionId_model_metric_key" ON "ModelMetric"("questionId", "model", "metric");

-- CreateIndex
CREATE INDEX "Probe_participantId_phase_idx" ON "Probe"("participantId", "phase");

-- CreateIndex
CREATE UNIQUE INDEX "Probe_participantId_idempotencyKey_key" ON "Probe"("participantId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "ModelMetric" ADD CONSTRAINT "ModelMetric_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitQuota" ADD CONSTRAINT "UnitQuota_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probe" ADD CONSTRAINT "Probe_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probe" ADD CONSTRAINT "Probe_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Probe" ADD CONSTRAINT "Probe_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Answered data upward RESTRICT (was CASCADE)
ALTER TABLE "StudyUnit" DROP CONSTRAINT "StudyUnit_contextId_fkey";
ALTER TABLE "StudyUnit" ADD CONSTRAINT "StudyUnit_contextId_fkey" FOREIGN KEY ("contextId") REFERENCES "Context"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "StudyUnit" DROP CONSTRAINT "StudyUnit_questionId_fkey";
ALTER TABLE "StudyUnit" ADD CONSTRAINT "StudyUnit_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Participant" DROP CONSTRAINT "Participant_studyId_fkey";
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Assignment" DROP CONSTRAINT "Assignment_studyId_fkey";
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Assignment" DROP CONSTRAINT "Assignment_unitId_fkey";
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Assignment" DROP CONSTRAINT "Assignment_participantId_fkey";
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Response" DROP CONSTRAINT "Response_studyId_fkey";
ALTER TABLE "Response" ADD CONSTRAINT "Response_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Response" DROP CONSTRAINT "Response_unitId_fkey";
ALTER TABLE "Response" ADD CONSTRAINT "Response_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Response" DROP CONSTRAINT "Response_assignmentId_fkey";
ALTER TABLE "Response" ADD CONSTRAINT "Response_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Response" DROP CONSTRAINT "Response_participantId_fkey";
ALTER TABLE "Response" ADD CONSTRAINT "Response_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Adjudication" DROP CONSTRAINT "Adjudication_studyId_fkey";
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Adjudication" DROP CONSTRAINT "Adjudication_unitId_fkey";
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
