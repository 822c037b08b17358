-- CreateTable
CREATE TABLE "Vote" (
    "responseId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "studyId" UUID NOT NULL,
    "unitId" UUID NOT NULL,
    "assignmentId" UUID NOT NULL,
    "stage" INTEGER NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "Vote_pkey" PRIMARY KEY ("responseId","key")
);

-- CreateIndex
CREATE INDEX "Vote_studyId_unitId_key_value_idx" ON "Vote"("studyId", "unitId", "key", "value");

-- AddForeignKey
ALTER TABLE "Vote" ADD CONSTRAINT "Vote_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A validation response's answers, one row per check, written with the response by whatever writes
-- it (the submit statement, imports of old studies, test and bench seeds): the same rows the vote
-- counts took from the payloads (jsonb_each_text of payload.answers). Responses are never updated.
CREATE FUNCTION "Response_votes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_typeof(NEW.payload -> 'answers') = 'object'
     AND EXISTS (SELECT 1 FROM "Study" s WHERE s.id = NEW."studyId" AND s.design = 'validation') THEN
    INSERT INTO "Vote" ("responseId", "key", "studyId", "unitId", "assignmentId", "stage", "value")
    SELECT NEW.id, e.key, NEW."studyId", NEW."unitId", NEW."assignmentId", NEW.stage, e.value
    FROM jsonb_each_text(NEW.payload -> 'answers') e;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Response_votes" AFTER INSERT ON "Response" FOR EACH ROW EXECUTE FUNCTION "Response_votes"();

-- the validation answers stored before
INSERT INTO "Vote" ("responseId", "key", "studyId", "unitId", "assignmentId", "stage", "value")
SELECT r.id, e.key, r."studyId", r."unitId", r."assignmentId", r.stage, e.value
FROM "Response" r JOIN "Study" s ON s.id = r."studyId" AND s.design = 'validation'
CROSS JOIN LATERAL jsonb_each_text(r.payload -> 'answers') e
WHERE jsonb_typeof(r.payload -> 'answers') = 'object';
