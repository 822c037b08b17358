-- Each validation unit's decision as last worked out (its status, whether a check is tied, how many
-- checks wait for a researcher, the questions it rejects), with what it was worked out from, so a page
-- reads the decisions of a study instead of deciding every unit again (lib/designs/validation/
-- decision-store.ts). The app writes these rows after a read; a row counts only while its inputs equal
-- the unit's current ones (its tally, its number of adjudications, and the study's rule as `epoch`),
-- so a stale row is worked out again, never shown.

-- CreateTable
CREATE TABLE "UnitDecision" (
    "unitId" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "epoch" TEXT NOT NULL,
    "responses" INTEGER NOT NULL,
    "votes" JSONB NOT NULL,
    "adjudications" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "tie" BOOLEAN NOT NULL,
    "queued" INTEGER NOT NULL,
    "rejected" UUID[] NOT NULL,

    CONSTRAINT "UnitDecision_pkey" PRIMARY KEY ("unitId")
);

-- CreateIndex
CREATE INDEX "UnitDecision_studyId_idx" ON "UnitDecision"("studyId");

-- AddForeignKey
ALTER TABLE "UnitDecision" ADD CONSTRAINT "UnitDecision_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;
