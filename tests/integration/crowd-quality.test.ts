import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { GET as enterRoute } from "@/app/s/[code]/route";
import { describe, expect, it } from "vitest";
import { POST as prolificRoute } from "@/app/api/webhooks/prolific/[code]/route";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { bonusLines } from "@/lib/studies/bonus";
import { RESPONSE_COLUMNS, responseRows } from "@/lib/studies/exports/responses";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { HttpParticipant, joined, type NextBody } from "../support/participant-http";

// Crowd studies as Prolific runs them, over the participant API: a qualification test with at
// most 2 attempts, attention checks and gold items between units (never marked), the exclusion
// policy declared before the study opens (units reissued until exactly N valid answers), a
// completion code per outcome, Prolific's "returned" webhook, the bonus CSV, and MTurk's preview.

process.env.PROLIFIC_WEBHOOK_SECRET = "prolific-webhook-secret-for-tests";

const CODES = { completed: "C1", screenedOut: "C2", failedQualification: "C3", failedAttention: "C4", noTasks: "C5" };

interface Item { id: string; prompt: string; answer: number; role: string }

function writeItems(): { file: string; items: Item[] } {
  const items: Item[] = [];
  const lines: string[] = [];
  for (const [role, count] of [["study", 6], ["qual", 4], ["gold", 4]] as const) {
    for (let i = 0; i < count; i++) {
      const item = { id: `${role}-${i}`, prompt: `(${role} ${i}) Which colour is item ${i} of ${role}?`, answer: i % 2, role };
      items.push(item);
      lines.push(JSON.stringify({ id: item.id, context: { type: "passage", paragraphs: [`A passage about ${role} ${i}.`] }, questions: [{ kind: "single_choice", prompt: item.prompt, options: ["red", "blue"], answer: item.answer, tags: { role } }] }));
    }
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "crowd-")), "items.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  return { file, items };
}

async function setUp(extra: Record<string, unknown> = {}) {
  const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  const actor = { id: owner.id, role: owner.role };
  const { file, items } = writeItems();
  const ds = await importDataset({ file, benchmark: "generic", ownerId: owner.id, asNewVersion: true });
  const created = await createStudy({
    actor,
    spec: parseSpec({
      dataset: ds.datasetId, design: "baseline", name: "crowd", unit: "question", n: 2, entryMode: "prolific", filter: { role: ["study"] },
      qualification: { filter: { role: ["qual"] }, k: 2, passThreshold: 1, attempts: 2 },
      attention: { every: 2, items: [{ prompt: "To show you are reading, choose 'Blue'.", options: ["Red", "Blue", "Green"], answer: 1 }] },
      gold: { filter: { role: ["gold"] }, every: 3 },
      exclusion: { maxFailedAttention: 0, minGoldAccuracy: 0.6 },
      completionCodes: CODES,
      bonus: { perValidUnit: 0.1, gold: { minAccuracy: 0.5, amount: 1 } },
      ...extra,
    }),
  });
  await changeStudyState({ actor, studyId: created.id, to: "open" });
  return { created, items };
}

/** Answers whatever comes: right or wrong per the callback; returns what was seen. */
async function answer(p: HttpParticipant, items: Item[], right: (kind: "qual" | "attention" | "gold" | "study") => boolean): Promise<{ seen: NextBody["unit"][]; end: NextBody }> {
  const byPrompt = new Map(items.map((i) => [i.prompt, i]));
  const seen: NextBody["unit"][] = [];
  for (let step = 0; step < 60; step++) {
    const next = await p.next();
    expect(next.status, next.text).toBe(200);
    if (next.body.status !== "unit") return { seen, end: next.body };
    const unit = next.body.unit!;
    seen.push(unit);
    const q = unit.questions[0]!;
    const item = byPrompt.get(q.prompt);
    const kind = item ? (item.role as "qual" | "gold" | "study") : "attention";
    const correct = kind === "attention" ? 1 : item!.answer;
    const wrong = kind === "attention" ? 0 : 1 - correct;
    // the payload the task page sends for every unit, attention items included: answers and milliseconds per question
    const res = await p.submit(unit.assignmentId, { answers: { [q.id]: right(kind) ? correct : wrong }, times: { [q.id]: 4200 } });
    expect(res.status, res.text).toBe(201);
  }
  throw new Error("too many steps");
}

describe("crowd quality control over the participant API", () => {
  it("a participant failing the qualification twice is refused with its completion code and never sees a real unit", async () => {
    const { created, items } = await setUp();
    const p = await joined(created.code, { PROLIFIC_PID: "unqualified" });
    const { seen, end } = await answer(p, items, (kind) => kind !== "qual");
    expect(seen).toHaveLength(4);
    expect(seen.every((u) => u!.phase === "qualification")).toBe(true);
    expect(end).toMatchObject({ status: "failed_qualification", completionCode: "C3" });
    const study = items.filter((i) => i.role === "study").map((i) => i.prompt);
    expect(seen.some((u) => study.includes(u!.questions[0]!.prompt))).toBe(false);
    // and stays refused
    expect((await p.next()).body).toMatchObject({ status: "failed_qualification", completionCode: "C3" });
  });

  it("attention and gold items look like task units; failing an attention check excludes by the policy, and the units are reissued until exactly N valid answers", async () => {
    const { created, items } = await setUp();
    const careless = await joined(created.code, { PROLIFIC_PID: "careless" });
    const { seen: carelessSaw, end } = await answer(careless, items, (kind) => kind !== "attention");
    expect(end).toMatchObject({ status: "failed_attention", completionCode: "C4" });
    // nothing marks attention or gold items: each is a task unit, like the others
    const afterQualification = carelessSaw.filter((u) => u!.phase !== "qualification");
    expect(afterQualification.every((u) => u!.phase === "task")).toBe(true);
    for (const u of afterQualification) expect(JSON.stringify(u)).not.toMatch(/gold|attention|probe|role/i);
    // and no unit carries a title: a context's title can hold a scenario code or a tag value
    for (const u of carelessSaw) expect(u).not.toHaveProperty("title");

    // careful people finish the study: every unit ends with exactly 2 valid answers
    const careful = await Promise.all([1, 2, 3].map((i) => joined(created.code, { PROLIFIC_PID: `careful-${i}` })));
    for (const p of careful) expect((await answer(p, items, () => true)).end.status).toBe("done");
    const { rows } = await pool().query<{ valid: number }>(
      `SELECT count(*) FILTER (WHERE a.status = 'submitted')::int AS valid FROM "StudyUnit" u LEFT JOIN "Assignment" a ON a."unitId" = u.id
       WHERE u."studyId" = $1 GROUP BY u.id`,
      [created.id],
    );
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.valid === 2)).toBe(true);
    // the careless participant's answers are kept, marked, and count nowhere
    const { rows: excluded } = await pool().query<{ status: string; reason: string }>(
      `SELECT status::text, "statusReason" AS reason FROM "Participant" WHERE "studyId" = $1 AND "externalId" = 'careless'`,
      [created.id],
    );
    expect(excluded[0]).toMatchObject({ status: "failed_attention", reason: expect.stringContaining("attention") });
    // the raw export keeps their rows, marked invalid with the reason; everyone else's rows are valid
    const names = RESPONSE_COLUMNS.map((c) => c.name);
    const exported: Record<string, unknown>[] = [];
    for await (const batch of responseRows((await readStudy(pool(), { id: created.id }))!)) {
      for (const row of batch) exported.push(Object.fromEntries(names.map((n, i) => [n, row[i]])));
    }
    const theirs = exported.filter((r) => r.external_id === "careless");
    expect(theirs.length).toBeGreaterThan(0);
    for (const r of theirs) expect(r).toMatchObject({ valid: false, invalid_reason: expect.stringContaining("attention") });
    for (const r of exported.filter((r) => r.external_id !== "careless")) expect(r).toMatchObject({ valid: true, invalid_reason: null });

    // the bonus, by hand: 0.10 per valid unit, plus 1.00 for gold accuracy ≥ 50%. Careful people answer
    // every gold item right, and get one after their 3rd unit; the excluded participant has no valid unit.
    const lines = await bonusLines((await readStudy(pool(), { id: created.id }))!);
    const { rows: valid } = await pool().query<{ pid: string; units: number }>(
      `SELECT p."externalId" AS pid, count(a.id) FILTER (WHERE a.status = 'submitted')::int AS units FROM "Participant" p
       LEFT JOIN "Assignment" a ON a."participantId" = p.id WHERE p."studyId" = $1 GROUP BY p."externalId"`,
      [created.id],
    );
    for (const v of valid) {
      const line = lines.find((l) => l.participantId === v.pid);
      const expected = v.pid === "careless" ? 0 : v.units * 0.1 + (v.units >= 3 ? 1 : 0);
      if (expected === 0) expect(line).toBeUndefined();
      else expect(line?.amount).toBeCloseTo(expected, 10);
    }
  });

  it("no attention or gold item comes after a participant's last unit (with every: 2 and at most 2 units, one came, and failing it voided the work)", async () => {
    const { created, items } = await setUp({ qualification: null, gold: { filter: { role: ["gold"] }, every: 2 }, maxUnitsPerParticipant: 2 });
    const p = await joined(created.code, { PROLIFIC_PID: "two-units" });
    const { seen, end } = await answer(p, items, (kind) => kind === "study");
    const study = new Set(items.filter((i) => i.role === "study").map((i) => i.prompt));
    expect(seen.map((u) => study.has(u!.questions[0]!.prompt))).toEqual([true, true]);
    expect(end).toMatchObject({ status: "done", reason: "limit_reached" });
  });

  it("over HTTPS an MTurk worker's cookie is SameSite=None, Secure and Partitioned, so MTurk's frame sends it; a Prolific participant's stays Lax", async () => {
    const open = async (code: string, query: string) => {
      const res = await enterRoute(new NextRequest(`https://sally.test/s/${code}?${query}`), { params: Promise.resolve({ code }) });
      return res.headers.getSetCookie()[0] ?? "";
    };
    const mturk = (await setUp({ entryMode: "mturk", qualification: null, attention: null, gold: null, exclusion: null })).created.code;
    const framed = await open(mturk, "workerId=W9&assignmentId=A9&hitId=H9");
    expect(framed).toMatch(/; SameSite=none/i);
    expect(framed).toMatch(/; Secure/);
    expect(framed).toMatch(/; Partitioned/);
    const prolific = (await setUp({ qualification: null, attention: null, gold: null, exclusion: null })).created.code;
    const plain = await open(prolific, "PROLIFIC_PID=P9&STUDY_ID=S9&SESSION_ID=X9");
    expect(plain).toMatch(/; SameSite=lax/i);
    expect(plain).not.toMatch(/Partitioned/);
  });

  it("a Prolific return frees the lease at once (signed webhook); unsigned calls are refused", async () => {
    const { created, items } = await setUp({ qualification: null, attention: null, gold: null, exclusion: null, n: 1 });
    const leaver = await joined(created.code, { PROLIFIC_PID: "leaver" });
    const held = (await leaver.next()).body.unit!;
    // everyone else takes everything else
    const other = await joined(created.code, { PROLIFIC_PID: "other" });
    const taken = await answer(other, items, () => true);
    expect(taken.seen).toHaveLength(5);

    const body = JSON.stringify({ resource_id: "sub-1", event_type: "submission.status.change", participant_id: "leaver", status: "RETURNED" });
    const call = (headers: Record<string, string>) =>
      prolificRoute(new NextRequest(`http://sally.test/api/webhooks/prolific/${created.code}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }), { params: Promise.resolve({ code: created.code }) });
    expect((await call({})).status).toBe(401);
    const timestamp = String(Math.floor(Date.now() / 1000));
    expect((await call({ "x-prolific-request-timestamp": timestamp, "x-prolific-request-signature": "bm90IHRoZSBzaWduYXR1cmU=" })).status).toBe(401);
    const signature = createHmac("sha256", process.env.PROLIFIC_WEBHOOK_SECRET!).update(timestamp + body).digest("base64");
    const ok = await call({ "x-prolific-request-timestamp": timestamp, "x-prolific-request-signature": signature });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ result: "released" });
    // at once: the next participant gets the returned unit
    const newcomer = await joined(created.code, { PROLIFIC_PID: "newcomer" });
    expect((await newcomer.next()).body.unit!.questions[0]!.prompt).toBe(held.questions[0]!.prompt);
  });

  it("MTurk's preview shows the study without accepting anything: no participant, no lease, no answer", async () => {
    const { created } = await setUp({ entryMode: "mturk", qualification: null, attention: null, gold: null, exclusion: null });
    const p = new HttpParticipant(created.code);
    const to = await p.enter({ workerId: "W1", assignmentId: "ASSIGNMENT_ID_NOT_AVAILABLE", hitId: "H1" });
    expect(to).toBe(`/s/${created.code}/unavailable?reason=preview`);
    expect(p.cookie).toBe("");
    expect((await p.next()).status).toBe(401);
    expect((await p.submit(randomUUID(), { answers: {} })).status).toBe(401);
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "Participant" WHERE "studyId" = $1`, [created.id]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe("shared qualification", () => {
  it("whoever passed study A's test skips study B's when B names A", async () => {
    const a = await setUp({ attention: null, gold: null, exclusion: null });
    const passer = await joined(a.created.code, { PROLIFIC_PID: "passer" });
    const first = await answer(passer, a.items, () => true);
    expect(first.seen.filter((u) => u!.phase === "qualification")).toHaveLength(2);
    const b = await setUp({ attention: null, gold: null, exclusion: null, qualification: { filter: { role: ["qual"] }, k: 2, passThreshold: 1, attempts: 2, sharedWith: [a.created.id] } });
    const again = await joined(b.created.code, { PROLIFIC_PID: "passer" });
    const unit = (await again.next()).body.unit!;
    expect(unit.phase).toBe("task");
    const stranger = await joined(b.created.code, { PROLIFIC_PID: "stranger" });
    expect((await stranger.next()).body.unit!.phase).toBe("qualification");
  });
});
