-- CreateTable
CREATE TABLE "ScoredAnswer" (
    "responseId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "assignmentId" UUID NOT NULL,
    "participantId" UUID NOT NULL,
    "stage" INTEGER NOT NULL,
    "correct" BOOLEAN,
    "graded" DOUBLE PRECISION,
    "normalized" TEXT NOT NULL,
    "ms" INTEGER,

    CONSTRAINT "ScoredAnswer_pkey" PRIMARY KEY ("responseId","questionId")
);

-- CreateIndex
CREATE INDEX "ScoredAnswer_studyId_questionId_idx" ON "ScoredAnswer"("studyId", "questionId");

-- AddForeignKey
ALTER TABLE "ScoredAnswer" ADD CONSTRAINT "ScoredAnswer_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScoredAnswer" ADD CONSTRAINT "ScoredAnswer_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
