import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";

// Minimal rows for tests that need a study without going through an import.
export async function makeStudyWithUnits(opts: { units: number; n: number; state?: "draft" | "open" | "paused" | "closed" }) {
  const prisma = db();
  const dataset = await prisma.dataset.create({
    data: {
      name: "fixture",
      benchmark: "generic",
      contentHash: randomBytes(16).toString("hex"),
      sourceFileName: "fixture.jsonl",
      container: "jsonl",
      layout: {},
      sourceRecords: opts.units,
      contextCount: opts.units,
      questionCount: 0,
      summary: {},
    },
  });
  const contexts = Array.from({ length: opts.units }, (_, i) => ({
    id: randomUUID(),
    datasetId: dataset.id,
    contentHash: `h${i}`,
    kind: "passage",
    defaultView: "text",
    views: { text: { type: "passage", paragraphs: [`Passage ${i}`] } },
  }));
  await prisma.context.createMany({ data: contexts });
  const study = await prisma.study.create({
    data: {
      publicCode: randomBytes(6).toString("hex"),
      name: "fixture study",
      design: "validation",
      datasetId: dataset.id,
      unitType: "context",
      filter: {},
      n: opts.n,
      leaseMinutes: 30,
      instructions: "",
      entryMode: "link",
      config: {},
      completionCode: "DONE",
      state: opts.state ?? "open",
    },
  });
  await prisma.studyUnit.createMany({
    data: contexts.map((c, i) => ({
      studyId: study.id,
      subjectKey: `c:${c.id}`,
      contextId: c.id,
      questionIds: [],
      ordinal: i,
      tiebreak: Math.random(),
      capacity: opts.n,
    })),
  });
  return { dataset, study };
}

export async function makeParticipants(studyId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    studyId,
    pseudonym: `P${i}-${randomBytes(3).toString("hex")}`,
    externalMeta: {},
    // ready to work: consent is the entry flow's business, not the engine's
    consentedAt: new Date(),
  }));
  await db().participant.createMany({ data: rows });
  return rows.map((r) => r.id);
}
