-- The agreement timeline of a validation study, kept as running sums (lib/studies/timeline-agreement.ts):
-- per check family and UTC hour, how many items (unit × check) entered or left each state (m answers whose label
-- counts squared sum to s), and how the answers counted in α's marginals changed. Summed up to a bucket's
-- end they give every item's state then, from which percent agreement and α follow exactly. The sums are
-- not kept by triggers: the timeline's read folds in the units whose tally changed since (their cells as
-- last folded come off, their cells now go on), so a submit pays nothing for them. Nothing to fill in:
-- units never folded are folded by the first read.

-- CreateTable
CREATE TABLE "AgreementCells" (
    "unitId" UUID NOT NULL,
    "studyId" UUID NOT NULL,
    "version" BIGINT NOT NULL,
    "keys" TEXT[] NOT NULL,
    "hours" INTEGER[] NOT NULL,
    "labels" TEXT[] NOT NULL,
    "answers" INTEGER[] NOT NULL,

    CONSTRAINT "AgreementCells_pkey" PRIMARY KEY ("unitId")
);

-- CreateTable
CREATE TABLE "AgreementState" (
    "studyId" UUID NOT NULL,
    "family" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "m" INTEGER NOT NULL,
    "s" INTEGER NOT NULL,
    "items" INTEGER NOT NULL,

    CONSTRAINT "AgreementState_pkey" PRIMARY KEY ("studyId","family","hour","m","s")
);

-- CreateTable
CREATE TABLE "AgreementMarginal" (
    "studyId" UUID NOT NULL,
    "family" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "label" TEXT NOT NULL,
    "answers" INTEGER NOT NULL,

    CONSTRAINT "AgreementMarginal_pkey" PRIMARY KEY ("studyId","family","hour","label")
);

-- AddForeignKey
ALTER TABLE "AgreementCells" ADD CONSTRAINT "AgreementCells_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "StudyUnit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgreementState" ADD CONSTRAINT "AgreementState_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgreementMarginal" ADD CONSTRAINT "AgreementMarginal_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;
