-- Response_durations_idx (20261128120000) led with the study alone; a baseline's median is at its final
-- stage, so the index now leads with the study and the stage (the middle of a stage's answers in duration
-- order). A new migration rather than an edit of that one: databases that applied it keep its checksum.
DROP INDEX "Response_durations_idx";
CREATE INDEX "Response_durations_idx" ON "Response"("studyId", "stage", "durationMs", "assignmentId");
