import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";
import { seededRandom } from "@/lib/metrics";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";

// Randomized studies for the results-at-scale equality tests: a generic dataset written here
// (hand-made records, one choice question each), and answers written straight into the tables,
// as the benchmark scripts do, with the awkward cases mixed in (ties, missing answers, excluded
// participants' voided answers, expired leases, live leases, timings missing).

export type Rng = () => number;
export const rng = (seed: number): Rng => seededRandom(seed);
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export function shuffled<T>(r: Rng, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export async function researcher() {
  const user = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  return { actor: { id: user.id, role: user.role }, ownerId: user.id };
}

/** A generic dataset of `records` passages, each with one 3-option question tagged by type. */
export async function randomDataset(ownerId: string, records: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "sally-random-"));
  const file = path.join(dir, "random.jsonl");
  const lines = Array.from({ length: records }, (_, i) =>
    JSON.stringify({
      id: `r-${i}`,
      title: `Record ${i}`,
      context: { type: "passage", paragraphs: [`Passage number ${i}: Ana moves the marble ${i} times.`] },
      questions: [{ kind: "single_choice", prompt: `Where is marble ${i}?`, options: ["box", "basket", "bag"], answer: i % 3, tags: { question_type: i % 2 ? "belief" : "fact", order: 1 + (i % 2) } }],
    }),
  );
  await writeFile(file, `${lines.join("\n")}\n`);
  const ds = await importDataset({ file, benchmark: "generic", ownerId, asNewVersion: true });
  return ds.datasetId;
}

export async function addParticipants(studyId: string, count: number, groups: readonly string[] = []): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    ids.push(id);
    await pool().query(
      `INSERT INTO "Participant" (id, "studyId", pseudonym, "externalId", "externalMeta", "group", "consentedAt") VALUES ($1, $2, $3, $4, '{}', $5, now())`,
      [id, studyId, `P${String(i).padStart(2, "0")}-${id.slice(0, 4)}`, i % 3 ? `ext-${i}` : null, groups.length ? groups[i % groups.length] : null],
    );
  }
  return ids;
}

export type AssignmentFate = "submitted" | "excluded" | "expired" | "live";

export function fate(r: Rng): AssignmentFate {
  const x = r();
  return x < 0.8 ? "submitted" : x < 0.9 ? "excluded" : x < 0.95 ? "expired" : "live";
}

/** One assignment and, unless it is live, its responses (one per stage); returns the response ids. */
export async function answer(opts: {
  r: Rng;
  studyId: string;
  unitId: string;
  participantId: string;
  group?: string | null;
  status: AssignmentFate;
  payloads: unknown[];
  base: number;
}): Promise<{ assignmentId: string; responseIds: string[] }> {
  const { r, status } = opts;
  const assignmentId = randomUUID();
  const leasedAt = new Date(opts.base + Math.floor(r() * 3_600_000));
  const expiresAt = status === "live" ? new Date(Date.now() + 3_600_000) : new Date(leasedAt.getTime() + 1_800_000);
  await pool().query(
    `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, "group", stage, "servedStage", "leasedAt", "expiresAt", "submittedAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10)`,
    [assignmentId, opts.studyId, opts.unitId, opts.participantId, status, opts.group ?? null, Math.max(1, opts.payloads.length), leasedAt, expiresAt, status === "live" ? null : leasedAt],
  );
  const responseIds: string[] = [];
  if (status === "live") return { assignmentId, responseIds };
  for (const [i, payload] of opts.payloads.entries()) {
    const id = randomUUID();
    responseIds.push(id);
    const submittedAt = new Date(leasedAt.getTime() + 1000 + Math.floor(r() * 600_000) + i * 700_000);
    // some timings missing: seconds then come from the lease
    const durationMs = r() < 0.3 ? null : 500 + Math.floor(r() * 90_000);
    await pool().query(
      `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, revised, "idempotencyKey", "submittedAt", "durationMs")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [id, opts.studyId, opts.unitId, assignmentId, opts.participantId, i + 1, JSON.stringify(payload), i > 0 ? r() < 0.5 : null, randomUUID(), submittedAt, durationMs],
    );
  }
  return { assignmentId, responseIds };
}


/** A validation study (unit = question; two flags and a label, keyed as the design keys them) answered at random. */
export async function randomFlagStudy(seed: number, opts: { participants: number; maxPerUnit: number; n: number }): Promise<Study> {
  const r = rng(seed);
  const { actor, ownerId } = await researcher();
  const datasetId = await randomDataset(ownerId, 30);
  const labels = [{ key: "clear", label: "Clear" }, { key: "vague", label: "Vague" }, { key: "wrong", label: "Wrong", rejects: true }];
  const config = { contextChecks: { flags: [{ key: "odd", label: "Odd" }, { key: "unsafe", label: "Unsafe" }], comment: false }, labelJudgement: { prompt: "Clear?", labels } };
  const created = await createStudy({ actor, spec: parseSpec({ dataset: datasetId, design: "validation", name: `flags ${seed}`, unit: "question", n: opts.n, config }) });
  await changeStudyState({ actor, studyId: created.id, to: "open" });
  const study = (await readStudy(pool(), { id: created.id }))!;
  const people = await addParticipants(study.id, opts.participants);
  const { rows: units } = await pool().query<{ id: string }>(`SELECT id FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY ordinal`, [study.id]);
  const leasing = new Set<string>();
  for (const unit of units) {
    for (const participantId of shuffled(r, people).slice(0, Math.floor(r() * (opts.maxPerUnit + 1)))) {
      let status = fate(r);
      if (status === "live" && leasing.has(participantId)) status = "expired";
      if (status === "live") leasing.add(participantId);
      const answers = { "flag:odd": pick(r, ["yes", "no"]), "flag:unsafe": pick(r, ["no", "no", "yes"]), label: pick(r, labels).key };
      await answer({ r, studyId: study.id, unitId: unit.id, participantId, status, payloads: [{ answers }], base: Date.parse("2026-03-02T09:00:00Z") });
    }
  }
  return study;
}
