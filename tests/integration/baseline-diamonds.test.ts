import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { importPredictions } from "@/lib/datasets/predictions";
import { pool } from "@/lib/db/pool";
import type { BaselineResults } from "@/lib/designs";
import { studyReport } from "@/lib/studies/report";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { joined } from "../support/participant-http";

// A DIAMONDs human baseline: numeric answers right within 2% of the larger magnitude
// (math.isclose, rel_tol=0.02), underspecified questions right only when marked "can't be
// determined" (null), a model's raw text read as DIAMONDs reads it ("N/A", "$1,250"), and the
// answerability figure on its own. Expected values worked out by hand in the comments.

function record(n: number, answer: number | "Unanswerable", participant = "Oracle") {
  return {
    id: `SCEN${String(n).padStart(6, "0")}`, qa_type: "c11", participants: ["Ada", "Ben"], question: `Question ${n}: how much in all?`,
    script: `Script ${n}.`, conversation: { conversation: [[{ Ada: `Opening line ${n}.` }, { Ben: "Sure." }]] },
    full_participants: ["Ada", "Ben"], solution_gpt: "s", solution_claude: "s", answer, conv_access_grp: [["Ada", "Ben", "Oracle"]],
    participant, final_question: `Question ${n}: how much in all?`,
  };
}

describe("a DIAMONDs human baseline over the participant API (numeric and unanswerable)", () => {
  it("scores with math.isclose at 2%, unanswerable only when both are, and reads a model's raw numbers", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const dir = mkdtempSync(path.join(os.tmpdir(), "diamonds-"));
    // gold: 100, 1250, 50, unanswerable, unanswerable
    const golds: (number | "Unanswerable")[] = [100, 1250, 50, "Unanswerable", "Unanswerable"];
    const file = path.join(dir, "distr-conv-QA.jsonl");
    writeFileSync(file, golds.map((g, i) => JSON.stringify(record(i + 1, g))).join("\n") + "\n");
    const ds = await importDataset({ file, benchmark: "diamonds", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "DIAMONDs baseline", unit: "question", n: 1, view: "conversation" }) });
    expect(created.units).toBe(5);
    await changeStudyState({ actor, studyId: created.id, to: "open" });

    // the person: 101.9 for 100 (within 2% of the larger, 101.9: right), 1200 for 1250 (4%: wrong),
    // can't-be-determined for 50 (wrong), can't-be-determined (right), 7 for an unanswerable (wrong)
    const human: Record<number, number | null> = { 1: 101.9, 2: 1200, 3: null, 4: null, 5: 7 };
    const p = await joined(created.code, { PROLIFIC_PID: "d1" });
    for (;;) {
      const next = await p.next();
      if (next.body.status === "done") break;
      const q = next.body.unit!.questions[0]!;
      expect(q.kind).toBe("numeric");
      const n = Number(/Question (\d+)/.exec(q.prompt)![1]);
      // a number given as text is the wrong shape: 422 naming the question
      const bad = await p.submit(next.body.unit!.assignmentId, { answers: { [q.id]: "about 100" } });
      expect(bad.status).toBe(422);
      expect(bad.text).toContain(`payload.answers.${q.id}`);
      expect(bad.text).toContain("Question 1");
      const res = await p.submit(next.body.unit!.assignmentId, { answers: { [q.id]: human[n]! } });
      expect(res.status, res.text).toBe(201);
    }

    // a model in raw text: "$1,250" (right), "N/A" for 100 (wrong), "49.5" for 50 (right: 1%),
    // "cannot be determined" for an unanswerable (right), "12" for the other (wrong)
    const raw: Record<number, string> = { 1: "N/A", 2: "The total is $1,250.", 3: "49.5", 4: "It cannot be determined.", 5: "12" };
    const predFile = path.join(dir, "pred.jsonl");
    const sourceIds = (await pool().query<{ sourceId: string; prompt: string }>(`SELECT "sourceId", prompt FROM "Question" WHERE "datasetId" = $1`, [ds.datasetId])).rows;
    writeFileSync(predFile, sourceIds.map((q) => JSON.stringify({ sourceId: q.sourceId, model: "m", answer: raw[Number(/Question (\d+)/.exec(q.prompt)![1])] })).join("\n") + "\n");
    await importPredictions({ datasetId: ds.datasetId, file: predFile });

    const report = (await studyReport((await readStudy(pool(), { id: created.id }))!)) as unknown as BaselineResults;
    // people: right on 1 and 4: 2 of 5
    expect(report.byType).toEqual([expect.objectContaining({ key: "numeric", n: 5, correct: 2 })]);
    // the model: right on 2, 3, 4: 3 of 5; pairs: human right & model wrong on 1, human wrong & model right on 2 and 3
    expect(report.models).toEqual([expect.objectContaining({ model: "m", n: 5, accuracy: 0.6 })]);
    expect(report.models[0]!.diff).toBeCloseTo(-0.2, 10);
    // exact McNemar with b = 1, c = 2: 2 · P(X ≤ 1), X ~ Bin(3, ½) = 2 · 4/8 = 1
    expect(report.models[0]!.mcnemarP).toBeCloseTo(1, 10);
    // answerability: the person said "a number" or "can't be determined" rightly on 1, 2, 4 (3 of 5)
    const answerability = report.summary.figures.find((f) => f.key === "answerability_accuracy");
    expect(answerability).toMatchObject({ n: 5, value: 0.6 });
  });
});
