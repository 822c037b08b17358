-- Scored answers counted per question and per participant from indexes alone. Without the assignment
-- (whether an answer counts is tested apart, lib/designs/counted.ts), equal keys are deduplicated:
-- at a million answers each index is about a tenth of the table.

-- DropIndex: the new question index leads with the same columns
DROP INDEX "ScoredAnswer_studyId_questionId_idx";

-- CreateIndex
CREATE INDEX "ScoredAnswer_studyId_questionId_stage_correct_idx" ON "ScoredAnswer"("studyId", "questionId", "stage", "correct");

-- CreateIndex
CREATE INDEX "ScoredAnswer_studyId_participantId_stage_correct_idx" ON "ScoredAnswer"("studyId", "participantId", "stage", "correct");
