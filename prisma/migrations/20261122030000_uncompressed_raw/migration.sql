-- Store original records and context views out of line without pglz compression. Compressing
-- them was the largest single cost of an import (measured: a 20k-question ToMATO import took
-- 4.3-6.1 s with compression and 2.6 s without); the price is disk space, roughly the size of
-- the imported file. Prisma's schema has no notion of storage, so schema.prisma is unchanged.
ALTER TABLE "SourceRecord" ALTER COLUMN "raw" SET STORAGE EXTERNAL;
ALTER TABLE "Context" ALTER COLUMN "views" SET STORAGE EXTERNAL;
