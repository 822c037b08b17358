import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { importPredictions } from "@/lib/datasets/predictions";
import { pool } from "@/lib/db/pool";
import type { BaselineResults } from "@/lib/designs";
import { parse } from "csv-parse/sync";
import { scoredCsv } from "@/lib/studies/export";
import { studyReport } from "@/lib/studies/report";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { joined } from "../support/participant-http";

// A ToMATO human baseline, driven over the participant API: 15 subsets (5 mental states ×
// first order / second order / false belief) sampled k per subset from a seed, two people
// answering by the shapes the API takes, a model's raw-text predictions beside them, and a
// report checked against numbers worked out by hand below.

const STATES = ["belief", "intention", "desire", "emotion", "knowledge"] as const;
const ORDERS = [
  { order: 1, fb: false, tag: "first" },
  { order: 2, fb: false, tag: "second" },
  { order: 2, fb: true, tag: "false_belief" },
] as const;

interface Rec {
  q: string;
  a_idx: number;
  mental_state: string;
  orderTag: string;
  q_id: string;
}

/** 3 records per subset, each its own scenario and conversation. */
function writeTomato(): { file: string; records: Rec[] } {
  const records: Rec[] = [];
  const rows: unknown[] = [];
  let n = 0;
  for (const state of STATES) {
    for (const o of ORDERS) {
      for (let i = 0; i < 3; i++) {
        n++;
        const scenario = `S${String(n).padStart(4, "0")}`;
        const q = `When Bo says "line ${n}", what is the ${state} of order ${o.tag} number ${i}?`;
        const a_idx = n % 4;
        const q_id = `${o.order === 1 ? "1st" : "2nd"}-order-belief-about-${state}_${scenario}_1`;
        records.push({ q, a_idx, mental_state: state, orderTag: o.tag, q_id });
        rows.push({
          a0: `option zero ${n}`, a1: `option one ${n}`, a2: `option two ${n}`, a3: `option three ${n}`,
          a_idx, a_str: [`option zero ${n}`, `option one ${n}`, `option two ${n}`, `option three ${n}`][a_idx],
          big_five: "Openness to Experience - High", conversation: `Al Ko: "Hi!"\nBo Lu: "Hi, how are you?"\nAl Ko: "Story ${n}."\nBo Lu: "line ${n}"`,
          false_belief: o.fb, mental_state: state, order: o.order, q, q_id,
          sotopia_agents: ["A", "B"], sotopia_environment: "E", u_id: "1",
        });
      }
    }
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "tomato-")), "tomato.json");
  writeFileSync(file, JSON.stringify(rows, null, 4));
  return { file, records };
}

/** Exact two-sided McNemar p from the binomial, written out by hand for the check. */
function exactMcNemar(b: number, c: number): number {
  const n = b + c;
  let tail = 0;
  for (let i = 0; i <= Math.min(b, c); i++) {
    let comb = 1;
    for (let j = 0; j < i; j++) comb = (comb * (n - j)) / (j + 1);
    tail += comb / 2 ** n;
  }
  return Math.min(1, 2 * tail);
}

describe("a ToMATO human baseline over the participant API (15 strata, k = 2, seed 7)", () => {
  it("samples reproducibly, scores by the benchmark's rules, and reports humans beside a model as computed by hand", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const { file, records } = writeTomato();
    const ds = await importDataset({ file, benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
    const spec = {
      dataset: ds.datasetId, design: "baseline", name: "ToMATO human baseline", unit: "question", n: 1,
      sampling: { kind: "stratified", by: ["mental_state", "order"], k: 2, seed: 7 },
      view: null, maxUnitsPerParticipant: 15, excludeParticipantsOf: [],
    };
    const created = await createStudy({ actor, spec: parseSpec(spec) });
    expect(created.units).toBe(30);
    expect(created.strata).toHaveLength(15);
    expect(created.shortStrata).toEqual([]);
    // the same seed over the same dataset draws the same questions
    const again = await createStudy({ actor, spec: parseSpec({ ...spec, name: "again" }) });
    const drawn = async (id: string) =>
      (await pool().query<{ q: string }>(`SELECT unnest("questionIds")::text AS q FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY 1`, [id])).rows.map((r) => r.q);
    expect(await drawn(again.id)).toEqual(await drawn(created.id));
    const other = await createStudy({ actor, spec: parseSpec({ ...spec, name: "other seed", sampling: { ...spec.sampling, seed: 8 } }) });
    expect(await drawn(other.id)).not.toEqual(await drawn(created.id));

    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const byPrompt = new Map(records.map((r) => [r.q, r]));

    // people answer right except on desire questions, where they pick the next option
    const people = [await joined(created.code, { PROLIFIC_PID: "p1" }), await joined(created.code, { PROLIFIC_PID: "p2" })];
    for (const p of people) {
      for (;;) {
        const next = await p.next();
        expect(next.status).toBe(200);
        if (next.body.status === "done") break;
        const unit = next.body.unit!;
        expect(unit.questions).toHaveLength(1);
        const q = unit.questions[0]!;
        expect(q).toMatchObject({ kind: "single_choice", answer: true });
        const rec = byPrompt.get(q.prompt)!;
        const answer = rec.mental_state === "desire" ? (rec.a_idx + 1) % 4 : rec.a_idx;
        const res = await p.submit(unit.assignmentId, { answers: { [q.id]: answer } });
        expect(res.status, res.text).toBe(201);
      }
    }
    // a baseline participant never receives gold or anything that identifies the record
    for (const p of people) {
      const sent = p.received.join("\n");
      expect(sent).not.toMatch(/"gold"|a_idx|a_str|q_id|sourceId/);
      for (const r of records) expect(sent).not.toContain(r.q_id);
    }

    // a model's raw text, read by ToMATO's own reader: wrong on knowledge and emotion
    const predictions = records.map((r) => {
      const idx = r.mental_state === "knowledge" || r.mental_state === "emotion" ? (r.a_idx + 2) % 4 : r.a_idx;
      return JSON.stringify({ sourceId: r.q_id, model: "m1", answer: `Answer: [${"ABCD"[idx]}]` });
    });
    const predFile = path.join(path.dirname(file), "pred.jsonl");
    writeFileSync(predFile, predictions.join("\n") + "\n");
    await importPredictions({ datasetId: ds.datasetId, file: predFile });

    const study = (await readStudy(pool(), { id: created.id }))!;
    const report = (await studyReport(study)) as unknown as BaselineResults & { studyId: string; design: string; responses: number; participants: number };
    expect(report).toMatchObject({ studyId: study.id, design: "baseline", responses: 30, participants: 2 });
    // by hand: 30 answers, the 6 on desire wrong
    expect(report.byType).toEqual([{ key: "single_choice", n: 30, correct: 24, accuracy: 0.8, ci95: expect.any(Array) }]);
    expect(report.byStratum).toHaveLength(15);
    for (const s of report.byStratum) {
      expect(s.n).toBe(2);
      expect(s.correct).toBe(s.key.mental_state === "desire" ? 0 : 2);
      expect(["first", "second", "false_belief"]).toContain(s.key.order);
    }
    // the model: right on 18 of 30; pairs human right & model wrong 12 (knowledge, emotion), human wrong & model right 6 (desire)
    expect(report.models).toHaveLength(1);
    const m = report.models[0]!;
    expect(m).toMatchObject({ model: "m1", n: 30 });
    expect(m.accuracy).toBeCloseTo(0.6, 10);
    expect(m.diff).toBeCloseTo(0.2, 10);
    expect(m.mcnemarP).toBeCloseTo(exactMcNemar(12, 6), 10);
    expect(m.diffCi95![0]).toBeLessThan(0.2);
    expect(m.diffCi95![1]).toBeGreaterThan(0.2);
    // every figure follows from the scored-responses export: 24 of 30 valid answers right
    let csv = "";
    for await (const chunk of scoredCsv(study)) csv += chunk;
    const scored = parse(csv, { columns: true }) as Record<string, string>[];
    expect(scored).toHaveLength(30);
    expect(scored.filter((r) => r.valid === "true" && r.correct === "true")).toHaveLength(24);
    expect(Object.keys(scored[0]!)).toEqual(expect.arrayContaining(["participant", "question_id", "tags", "kind", "answer_raw", "answer_normalized", "correct", "ms"]));
    // the Wilson interval of 24 of 30
    const [lo, hi] = report.byType[0]!.ci95!;
    expect(lo).toBeCloseTo(0.6268, 3);
    expect(hi).toBeCloseTo(0.9050, 3);

    // a re-import replaces the model's answers and the verdicts stored with them: now right on knowledge too
    const revised = records.map((r) => JSON.stringify({ sourceId: r.q_id, model: "m1", answer: `Answer: [${"ABCD"[r.mental_state === "emotion" ? (r.a_idx + 2) % 4 : r.a_idx]}]` }));
    writeFileSync(predFile, revised.join("\n") + "\n");
    await importPredictions({ datasetId: ds.datasetId, file: predFile });
    const reimported = (await studyReport(study)) as unknown as BaselineResults;
    expect(reimported.models[0]).toMatchObject({ model: "m1", n: 30 });
    expect(reimported.models[0]!.accuracy).toBeCloseTo(0.8, 10);
  });
});
