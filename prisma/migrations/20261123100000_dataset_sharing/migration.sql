-- Datasets are owned: the owner (or an admin) shares one with named researchers or with every
-- researcher. Existing datasets stay private to their owner; ownerless ones (command-line
-- imports) are seen by admins only until an admin shares them.

-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "sharedWithAll" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "DatasetShare" (
    "datasetId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DatasetShare_pkey" PRIMARY KEY ("datasetId","userId")
);

-- CreateIndex
CREATE INDEX "DatasetShare_userId_idx" ON "DatasetShare"("userId");

-- AddForeignKey
ALTER TABLE "DatasetShare" ADD CONSTRAINT "DatasetShare_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DatasetShare" ADD CONSTRAINT "DatasetShare_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
