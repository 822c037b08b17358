import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { importPredictions } from "@/lib/datasets/predictions";
import { pool } from "@/lib/db/pool";
import type { BaselineResults } from "@/lib/designs";
import { EXPORT_STREAMS } from "@/lib/studies/exports/streams";
import { studyReport } from "@/lib/studies/report";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { collect } from "../support/chunks";
import { HAS_SHARED, sample } from "../support/paths";
import { joined } from "../support/participant-http";

// A FANToM human baseline as the paper ran it: one question set per unit, one testee per set,
// the short context, BeliefQ[choice], the list questions and (for ALL*) BeliefQ[dist.]. The
// participant's answers are arranged set by set; the report is checked against counts worked out
// by hand from eval_fantom.py's rules: the main score is the questions whose information is
// inaccessible to the character, the accessible ones are the control task, and ALL / ALL* need
// every question of the set right (ALL leaving out BeliefQ[dist.]).

interface Belief { question: string; correct_answer: string; wrong_answer: string; missed_info_accessibility: string; tom_type: string }
interface SetRecord {
  set_id: string;
  factQA: { question: string; correct_answer: string };
  beliefQAs: Belief[];
  answerabilityQA_list: { question: string; correct_answer: string[] };
  infoAccessibilityQA_list: { question: string; correct_answer: string[] };
}

describe.skipIf(!HAS_SHARED)("a FANToM human baseline over the participant API (set units, short context)", () => {
  it("scores choice, list and distribution answers by eval_fantom.py's rules, and reports ALL and ALL* per set as counted by hand", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const file = sample("fantom/fantom_v1.json.sample");
    const sets = JSON.parse(readFileSync(file, "utf8")) as SetRecord[];
    const ds = await importDataset({ file, benchmark: "fantom", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({
      actor,
      spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "FANToM human baseline", unit: "set", n: 1, view: "short", kinds: ["single_choice", "multi_select", "free_text"] }),
    });
    expect(created.units).toBe(4);
    await changeStudyState({ actor, studyId: created.id, to: "open" });

    // the plan, set by set: 0-0-1 misses a knower in InfoAccessQ[list]; 1-0-0 picks the wrong
    // belief in its first BeliefQ[choice]; 0-0-0 answers its first-order BeliefQ[dist.] with the
    // wrong belief; everything else right
    const p = await joined(created.code, { PROLIFIC_PID: "testee" });
    const seen: string[] = [];
    for (;;) {
      const next = await p.next();
      if (next.body.status === "done") break;
      const unit = next.body.unit!;
      const views = Object.keys(unit.context.views);
      expect(views).toEqual(["short"]);
      const set = sets.find((s) => unit.questions.some((q) => q.prompt === s.factQA.question))!;
      seen.push(set.set_id);
      const answers: Record<string, unknown> = {};
      unit.questions.forEach((q) => {
        const belief = set.beliefQAs.find((b) => b.question === q.prompt);
        if (q.kind === "single_choice") {
          const wrong = set.set_id === "1-0-0" && belief === set.beliefQAs[0];
          answers[q.id] = q.options!.indexOf(wrong ? belief!.wrong_answer : belief!.correct_answer);
        } else if (q.kind === "multi_select") {
          const list = q.prompt === set.answerabilityQA_list.question ? set.answerabilityQA_list : set.infoAccessibilityQA_list;
          answers[q.id] = set.set_id === "0-0-1" && list === set.infoAccessibilityQA_list ? list.correct_answer.slice(1) : list.correct_answer;
        } else if (belief) {
          answers[q.id] = set.set_id === "0-0-0" && belief.tom_type === "first-order" ? belief.wrong_answer : belief.correct_answer;
        } else {
          answers[q.id] = set.factQA.correct_answer;
        }
      });
      const res = await p.submit(unit.assignmentId, { answers });
      expect(res.status, res.text).toBe(201);
    }
    expect(seen.sort()).toEqual(["0-0-0", "0-0-1", "1-0-0", "1-0-1"]);
    // nothing that identifies the record in the public release reaches the participant
    const sent = p.received.join("\n");
    for (const s of sets) expect(sent).not.toContain(`"${s.set_id}"`);
    expect(sent).not.toMatch(/"gold"|correct_answer|wrong_answer|set_id|sourceId/);

    const study = (await readStudy(pool(), { id: created.id }))!;
    const report = (await studyReport(study)) as unknown as BaselineResults;
    const byType = Object.fromEntries(report.byType.map((t) => [t.key, [t.n, t.correct]]));
    // inaccessible (main score): 5 BeliefQ[choice] (1 + 1 + 3), one wrong; 5 BeliefQ[dist.], one wrong;
    // 3 of each list, one InfoAccessQ[list] wrong. Accessible (control): 0-0-0's second-order belief
    // and 1-0-1's three beliefs and two lists, all right.
    expect(byType).toMatchObject({
      "BeliefQ[choice]": [5, 4],
      "BeliefQ[dist.]": [5, 4],
      "AnswerabilityQ[list]": [3, 3],
      "InfoAccessQ[list]": [3, 2],
      "BeliefQ[choice] (control)": [4, 4],
      "AnswerabilityQ[list] (control)": [1, 1],
      "InfoAccessQ[list] (control)": [1, 1],
    });
    // ALL over the 3 sets with inaccessible questions: only 0-0-0 has every choice and list right;
    // ALL* adds BeliefQ[dist.], which 0-0-0 got wrong
    expect(report.sets).toEqual({ all: 1 / 3, allStar: 0, n: 3 });
    expect(report.byParticipant).toEqual([expect.objectContaining({ participant: expect.any(String), units: 4 })]);

    // the raw responses of set units name each answer's question (the unit itself has none)
    const rows = parseCsv(await collect(EXPORT_STREAMS["responses-csv"](study)), { columns: true }) as { check: string; question_id: string }[];
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row.question_id).toBe(row.check);
  });

  it("pairs a model with people only on the questions people are scored on (run_reports drops no:long Y/N questions under the short context)", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: sample("fantom/fantom_v1.json.sample"), benchmark: "fantom", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "Y/N", unit: "set", n: 1, view: "short", kinds: ["yes_no"] }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const p = await joined(created.code, { PROLIFIC_PID: "yn" });
    for (;;) {
      const next = await p.next();
      if (next.body.status === "done") break;
      const unit = next.body.unit!;
      expect((await p.submit(unit.assignmentId, { answers: Object.fromEntries(unit.questions.map((q) => [q.id, "no"])) })).status).toBe(201);
    }
    const { rows: questions } = await pool().query<{ sourceId: string; position: number; gold: { value: string; raw?: string } }>(
      `SELECT "sourceId", position, gold FROM "Question" WHERE "datasetId" = $1 AND kind = 'yes_no'`,
      [ds.datasetId],
    );
    const dropped = questions.filter((q) => q.gold.raw === "no:long").length;
    expect(dropped).toBeGreaterThan(0);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fantom-pred-")), "pred.jsonl");
    writeFileSync(file, questions.map((q) => JSON.stringify({ sourceId: q.sourceId, question: q.position, model: "says-no", answer: "no" })).join("\n") + "\n");
    await importPredictions({ datasetId: ds.datasetId, file });

    const report = (await studyReport((await readStudy(pool(), { id: created.id }))!)) as unknown as BaselineResults;
    const counted = questions.filter((q) => q.gold.raw !== "no:long");
    const right = counted.filter((q) => q.gold.value === "no").length;
    // people and the model gave the same answers, on the same questions: the same accuracy, a difference of 0
    expect(report.models).toEqual([expect.objectContaining({ model: "says-no", n: counted.length, accuracy: right / counted.length, humanAccuracy: right / counted.length, diff: 0 })]);
  });
});
