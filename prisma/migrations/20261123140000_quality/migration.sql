-- CreateIndex: one open (served, unanswered) quality item per participant at a time
CREATE UNIQUE INDEX "Probe_one_open_per_participant" ON "Probe"("participantId") WHERE "answeredAt" IS NULL;
