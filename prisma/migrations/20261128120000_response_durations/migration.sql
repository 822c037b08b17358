-- A study's median time per answer read as the middle of its answers in duration order (an index-only
-- scan of half the study's entries) instead of a sort of all of them (lib/designs/read.ts readTotals).
CREATE INDEX "Response_durations_idx" ON "Response"("studyId", "durationMs", "assignmentId");
