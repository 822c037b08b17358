-- CreateEnum
CREATE TYPE "QuestionKind" AS ENUM ('single_choice', 'multi_select', 'yes_no', 'numeric', 'short_text', 'free_text');

-- CreateTable
CREATE TABLE "Dataset" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "benchmark" TEXT NOT NULL,
    "versionLabel" TEXT,
    "contentHash" TEXT NOT NULL,
    "hashVersion" INTEGER NOT NULL DEFAULT 1,
    "sourceFileName" TEXT NOT NULL,
    "container" TEXT NOT NULL,
    "layout" JSONB NOT NULL,
    "sourceRecords" INTEGER NOT NULL,
    "contextCount" INTEGER NOT NULL,
    "questionCount" INTEGER NOT NULL,
    "summary" JSONB NOT NULL,
    "ownerId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SourceRecord" (
    "datasetId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "sourceId" TEXT NOT NULL,
    "raw" TEXT NOT NULL,

    CONSTRAINT "SourceRecord_pkey" PRIMARY KEY ("datasetId","index")
);

-- CreateTable
CREATE TABLE "Context" (
    "id" UUID NOT NULL,
    "datasetId" UUID NOT NULL,
    "contentHash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT,
    "defaultView" TEXT NOT NULL,
    "views" JSONB NOT NULL,

    CONSTRAINT "Context_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Question" (
    "id" UUID NOT NULL,
    "datasetId" UUID NOT NULL,
    "contextId" UUID NOT NULL,
    "recordIndex" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "sourceId" TEXT NOT NULL,
    "kind" "QuestionKind" NOT NULL,
    "prompt" TEXT NOT NULL,
    "options" JSONB,
    "gold" JSONB NOT NULL,
    "scoring" JSONB NOT NULL,
    "tags" JSONB NOT NULL,
    "groupKeys" JSONB NOT NULL,

    CONSTRAINT "Question_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelPrediction" (
    "id" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "answer" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelPrediction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_contentHash_hashVersion_key" ON "Dataset"("contentHash", "hashVersion");

-- CreateIndex
CREATE UNIQUE INDEX "Context_datasetId_contentHash_key" ON "Context"("datasetId", "contentHash");

-- CreateIndex
CREATE INDEX "Question_datasetId_sourceId_idx" ON "Question"("datasetId", "sourceId");

-- CreateIndex
CREATE INDEX "Question_contextId_idx" ON "Question"("contextId");

-- CreateIndex
CREATE UNIQUE INDEX "Question_datasetId_recordIndex_position_key" ON "Question"("datasetId", "recordIndex", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ModelPrediction_questionId_model_key" ON "ModelPrediction"("questionId", "model");

-- AddForeignKey
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceRecord" ADD CONSTRAINT "SourceRecord_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Context" ADD CONSTRAINT "Context_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_contextId_fkey" FOREIGN KEY ("contextId") REFERENCES "Context"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelPrediction" ADD CONSTRAINT "ModelPrediction_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE CASCADE ON UPDATE CASCADE;
