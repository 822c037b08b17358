-- A question's context and dataset are checked by one foreign key, (contextId, datasetId) ->
-- Context(id, datasetId), instead of two. PostgreSQL checks foreign keys row by row, and the
-- second check on every imported question was about a fifth of an import's database time
-- (docs/benchmarks.md, Import). The one key is also stricter: a question's dataset must be its
-- context's. Deleting a dataset still removes its questions (through its contexts).

-- DropForeignKey
ALTER TABLE "Question" DROP CONSTRAINT "Question_datasetId_fkey";

-- DropForeignKey
ALTER TABLE "Question" DROP CONSTRAINT "Question_contextId_fkey";

-- CreateIndex
CREATE UNIQUE INDEX "Context_id_datasetId_key" ON "Context"("id", "datasetId");

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_contextId_datasetId_fkey" FOREIGN KEY ("contextId", "datasetId") REFERENCES "Context"("id", "datasetId") ON DELETE CASCADE ON UPDATE CASCADE;
