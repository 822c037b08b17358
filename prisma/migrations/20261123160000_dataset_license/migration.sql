-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "license" TEXT NOT NULL DEFAULT 'unknown';

-- Datasets imported before: their benchmark's known licence (lib/benchmarks/<name>/index.ts)
UPDATE "Dataset" SET "license" = CASE benchmark
  WHEN 'fantom' THEN 'mit'
  WHEN 'tomato' THEN 'llama3'
  WHEN 'exploretom' THEN 'cc-by-nc-4.0'
  WHEN 'chartom' THEN 'apache-2.0'
  ELSE 'unknown'
END;
