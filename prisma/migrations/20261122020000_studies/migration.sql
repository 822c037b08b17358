-- CreateEnum
CREATE TYPE "StudyState" AS ENUM ('draft', 'open', 'paused', 'closed');

-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('live', 'submitted', 'expired', 'returned');

-- CreateTable
CREATE TABLE "Study" (
    "id" UUID NOT NULL,
    "publicCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "design" TEXT NOT NULL,
    "datasetId" UUID NOT NULL,
    "ownerId" UUID,
    "unitType" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "n" INTEGER NOT NULL,
    "maxUnitsPerParticipant" INTEGER,
    "leaseMinutes" INTEGER NOT NULL,
    "instructions" TEXT NOT NULL,
    "entryMode" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "completionCode" TEXT NOT NULL,
    "completionUrl" TEXT,
    "state" "StudyState" NOT NULL DEFAULT 'draft',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Study_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StudyUnit" (
    "id" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "subjectKey" TEXT NOT NULL,
    "contextId" UUID NOT NULL,
    "questionId" UUID,
    "ordinal" INTEGER NOT NULL,
    "tiebreak" DOUBLE PRECISION NOT NULL,
    "activeCount" INTEGER NOT NULL DEFAULT 0,
    "capacity" INTEGER NOT NULL,

    CONSTRAINT "StudyUnit_pkey" PRIMARY KEY ("id"),
    -- exact N, enforced by the database itself: never more live-or-submitted assignments than capacity
    CONSTRAINT "StudyUnit_activeCount_range" CHECK ("activeCount" >= 0 AND "activeCount" <= "capacity")
);

-- CreateTable
CREATE TABLE "Participant" (
    "id" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "pseudonym" TEXT NOT NULL,
    "userId" UUID,
    "externalSource" TEXT,
    "externalId" TEXT,
    "externalMeta" JSONB NOT NULL,
    "group" TEXT,
    "consentedAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Participant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "unitId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'live',
    "leasedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "submittedAt" TIMESTAMPTZ(3),
    "endedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Response" (
    "id" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "unitId" UUID NOT NULL,
    "assignmentId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "stage" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3),
    "submittedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "durationMs" INTEGER,

    CONSTRAINT "Response_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "unitId" UUID NOT NULL,
    "check" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "actorId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Study_publicCode_key" ON "Study"("publicCode");

-- CreateIndex
CREATE INDEX "StudyUnit_studyId_activeCount_tiebreak_idx" ON "StudyUnit"("studyId", "activeCount", "tiebreak");

-- CreateIndex
CREATE UNIQUE INDEX "StudyUnit_studyId_subjectKey_key" ON "StudyUnit"("studyId", "subjectKey");

-- CreateIndex
CREATE UNIQUE INDEX "Participant_studyId_externalSource_externalId_key" ON "Participant"("studyId", "externalSource", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Participant_studyId_userId_key" ON "Participant"("studyId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Participant_studyId_pseudonym_key" ON "Participant"("studyId", "pseudonym");

-- CreateIndex
CREATE INDEX "Assignment_participantId_status_idx" ON "Assignment"("participantId", "status");

-- CreateIndex
CREATE INDEX "Assignment_studyId_status_expiresAt_idx" ON "Assignment"("studyId", "status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_unitId_participantId_key" ON "Assignment"("unitId", "participantId");

-- CreateIndex
CREATE INDEX "Response_studyId_submittedAt_idx" ON "Response"("studyId", "submittedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Response_participantId_idempotencyKey_key" ON "Response"("participantId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Response_assignmentId_stage_key" ON "Response"("assignmentId", "stage");

-- CreateIndex
CREATE INDEX "Adjudication_unitId_check_createdAt_idx" ON "Adjudication"("unitId", "check", "createdAt");

-- AddForeignKey
ALTER TABLE "Study" ADD CONSTRAINT "Study_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Study" ADD CONSTRAINT "Study_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyUnit" ADD CONSTRAINT "StudyUnit_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyUnit" ADD CONSTRAINT "StudyUnit_contextId_fkey" FOREIGN KEY ("contextId") REFERENCES "Context"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyUnit" ADD CONSTRAINT "StudyUnit_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Participant" ADD CONSTRAINT "Participant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "Participant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;
