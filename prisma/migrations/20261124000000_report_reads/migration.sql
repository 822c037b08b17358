-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "verdictsVersion" INTEGER,
ADD COLUMN "verdictViews" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "ModelVerdict" (
    "datasetId" UUID NOT NULL,
    "view" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "questionId" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "correct" BOOLEAN NOT NULL,

    CONSTRAINT "ModelVerdict_pkey" PRIMARY KEY ("datasetId","view","version","questionId","model")
);

-- AddForeignKey
ALTER TABLE "ModelVerdict" ADD CONSTRAINT "ModelVerdict_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Predictions imported before have no verdicts (verdictsVersion null): reports score them in code
-- until the next prediction import into their dataset.

-- CreateIndex: a stage's responses per participant and unit, and their medians, from the index alone
CREATE INDEX "Response_results_idx" ON "Response"("studyId", "stage", "participantId", "durationMs", "submittedAt", "assignmentId", "unitId");
