import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { can } from "@/lib/auth/permissions";
import { exportDataset } from "@/lib/datasets/export";
import { importDataset } from "@/lib/datasets/import";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { DesignResults, Study, VoteUnit } from "@/lib/designs";
import { accuracy } from "@/lib/metrics";
import { enterStudy, StudyUnavailable } from "@/lib/participants/entry";
import { adjudicate } from "@/lib/studies/adjudicate";
import { studyManifest, validatedSelection } from "@/lib/studies/manifest";
import { reportText } from "@/lib/cli/report-text";
import { studyReport } from "@/lib/studies/report";
import { studyResults } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { participantApi } from "../support/participant-routes";
import { fixture, HAS_SHARED, sample } from "../support/paths";

// A DIAMONDs expert review (§3.1) as reviewers do it: annotator accounts enter the study, then the
// participant API's real route handlers (consent, next, submit) are called with the participant
// cookie the study link sets. Two reviewers answer every sample with arranged answers, and the
// pass rates, κ per criterion (worked out by hand below), decisions, adjudication and the
// validated export are checked against them.
process.env.NEXTAUTH_SECRET ??= "checklist-study-test-secret-0123456789";

const FIXTURE = fixture("diamonds/review-conv-QA.jsonl");

const SPEC = {
  design: "checklist",
  unit: "context",
  n: 2,
  entryMode: "annotators",
  views: ["script", "conversation"],
  showOthersAfterSubmit: true,
  checklists: [
    {
      key: "script_answer",
      title: "Script and answer",
      criteria: [
        { key: "answerable", prompt: "Is the question answerable from the script?", answer: "yes_no" },
        { key: "answer_correct", prompt: "Is the answer right?", answer: "yes_no" },
        { key: "reasoning_sound", prompt: "Is the reasoning sound?", answer: "yes_partly_no", comment: "required" },
      ],
    },
    {
      key: "script_conversation",
      title: "Script and conversation",
      criteria: [{ key: "key_information_kept", prompt: "Is the key information kept?", answer: "scale_1_5", comment: "none" }],
    },
  ],
};

// Reviewer A's and B's answers per unit (in unit order = record order).
const ANSWERS = {
  "script_answer.answerable": [["yes", "yes", "yes", "no", "no", "yes"], ["yes", "yes", "no", "no", "yes", "yes"]],
  "script_answer.answer_correct": [Array(6).fill("yes"), Array(6).fill("yes")],
  "script_answer.reasoning_sound": [["yes", "yes", "partly", "no", "yes", "yes"], ["yes", "partly", "partly", "yes", "yes", "no"]],
  "script_conversation.key_information_kept": [["5", "4", "2", "5", "3", "4"], ["4", "4", "3", "5", "4", "1"]],
} as const;

// κ by hand, A in rows and B in columns:
// answerable: yy 3, yn 1, ny 1, nn 1 → p_o = 4/6, p_e = (4·4 + 2·2)/36 = 20/36, κ = (4/36)/(16/36) = 1/4.
// reasoning_sound: yy 2, yp 1, yn 1, pp 1, ny 1 → p_o = 3/6; A: yes 4, partly 1, no 1; B: yes 3, partly 2, no 1;
//   p_e = (4·3 + 1·2 + 1·1)/36 = 15/36, κ = (3/36)/(21/36) = 1/7.
// key_information_kept (nominal on 1–5): agreements on units 1 and 3 → p_o = 2/6; A: 5×2, 4×2, 3, 2; B: 4×3, 5, 3, 1;
//   p_e = (2·1 + 2·3 + 1·1)/36 = 9/36, κ = (3/36)/(27/36) = 1/9.
// answer_correct: everyone says yes, so chance agreement is 1 and κ is undefined.
const KAPPA = { "script_answer.answerable": 1 / 4, "script_answer.reasoning_sound": 1 / 7, "script_conversation.key_information_kept": 1 / 9 };

// pass/fail majority per unit (✓ pass, ✗ fail, = tie):
// answerable ✓ ✓ = ✗ = ✓ · reasoning ✓ = ✗ = ✓ = · key information ✓ ✓ ✗ ✓ = =
const PASSED = { "script_answer.answerable": [3, 1, 2], "script_answer.answer_correct": [6, 0, 0], "script_answer.reasoning_sound": [2, 1, 3], "script_conversation.key_information_kept": [3, 1, 2] } as const;

type ChecklistResults = DesignResults & {
  units: VoteUnit[];
  queue: NonNullable<DesignResults["queue"]>;
  criteria: { key: string; decided: number; passed: number; failed: number; ties: number; passRate: number | null; ci95: [number, number] | null; cohenKappa: number | null; notes: string[] }[];
  failing: { unitId: string; criteria: string[]; questions: { sourceId: string; recordIndex: number }[] }[];
};

const user = (role: "researcher" | "annotator") => createUser({ actorId: null, input: { email: `${role}-${randomUUID()}@x.test`, name: role, role, password: "0123456789ab" } });

async function setUp() {
  const researcher = await user("researcher");
  const actor = { id: researcher.id, role: researcher.role };
  const ds = await importDataset({ file: FIXTURE, benchmark: "diamonds", ownerId: researcher.id, asNewVersion: true });
  const { id } = await createStudy({ actor, spec: parseSpec({ name: "DIAMONDs expert review", dataset: ds.datasetId, ...SPEC }) });
  await changeStudyState({ actor, studyId: id, to: "open" });
  return { actor, ds, study: (await readStudy(pool(), { id }))! };
}

async function reviewer(study: Study) {
  const account = await user("annotator");
  const { participant } = await enterStudy({ publicCode: study.publicCode, params: {}, cookieParticipantId: null, user: { id: account.id, canAnnotate: can(account, "studies.annotate") } });
  const api = participantApi(study.publicCode, participant.id, 30_000);
  await api.consent();
  return api;
}

describe("a DIAMONDs checklist review (2 annotator accounts, script and conversation side by side)", () => {
  it("shows each reviewer the views, gold and reasoning; decides per criterion; κ and pass rates match the hand count", async () => {
    const { actor, ds, study } = await setUp();
    const records = (await readFile(FIXTURE, "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { id: string; answer: number; solution_gpt: string });
    const units = await db().studyUnit.findMany({ where: { studyId: study.id }, orderBy: { ordinal: "asc" } });
    expect(units).toHaveLength(6);
    const indexOf = new Map(units.map((u, i) => [u.id, i]));

    // reviewers are accounts: the study link turns anonymous visitors away
    await expect(enterStudy({ publicCode: study.publicCode, params: {}, cookieParticipantId: null, user: null })).rejects.toThrow(StudyUnavailable);

    const seenBeforeOwn: string[] = [];
    for (const [r, api] of [await reviewer(study), await reviewer(study)].entries()) {
      for (let step = 0; ; step++) {
        const { text, body } = await api.next();
        if (body.status === "done") break;
        const unit = body.unit!;
        const unitId = (await db().assignment.findUniqueOrThrow({ where: { id: unit.assignmentId } })).unitId;
        const i = indexOf.get(unitId)!;
        seenBeforeOwn.push(text);
        expect(text).not.toContain(`MARK-${unitId}`); // another reviewer's answer on this unit, before this reviewer's own

        // the script and the conversation side by side; the question with its gold answer and the benchmark's reasoning
        expect(unit.context).toMatchObject({ layout: "side-by-side", defaultView: "script" });
        expect(Object.keys((unit.context as { views: object }).views)).toEqual(["script", "conversation"]);
        expect(unit.questions).toEqual([expect.objectContaining({ answer: false, reference: String(records[i]!.answer), reasoning: records[i]!.solution_gpt })]);
        expect((unit.checks as { key: string }[]).map((c) => c.key)).toEqual(Object.keys(ANSWERS));
        expect(unit.checks).toContainEqual(expect.objectContaining({ key: "script_answer.reasoning_sound", comment: "required", section: "Script and answer" }));

        // after submitting, a reviewer sees the others' answers on the units they have reviewed, never before
        const others = unit.others as { others: { review: { comment?: string } }[] }[];
        expect(others).toHaveLength(step);
        if (r === 1 && step > 0) expect(others[0]!.others).toEqual([{ reviewer: "Other reviewer 1", review: expect.objectContaining({ comment: expect.stringMatching(/^MARK-/) }) }]);

        const answers = Object.fromEntries(Object.entries(ANSWERS).map(([k, v]) => [k, v[r]![i]!]));
        if (step === 0) {
          // a missing criterion and a missing required comment are refused with the fields named
          const { "script_answer.answerable": _, ...partial } = answers;
          const refused = await api.submit(unit.assignmentId, { answers: partial });
          expect(refused.status).toBe(422);
          const names = (refused.body.invalid_params as { name: string }[]).map((p) => p.name);
          expect(names).toEqual(expect.arrayContaining(["payload.answers.script_answer.answerable", "payload.comments"]));
        }
        const ok = await api.submit(unit.assignmentId, { answers, comments: { "script_answer.reasoning_sound": `reviewer ${r}` }, comment: `MARK-${unitId}` });
        expect(ok.status).toBe(201);
      }
    }
    expect(seenBeforeOwn).toHaveLength(12);

    const results = (await studyResults(study)) as ChecklistResults;
    expect(results.progress).toMatchObject({ units: 6, complete: 6, responses: 12, participants: 2 });
    for (const c of results.criteria) {
      const [passed, failed, ties] = PASSED[c.key as keyof typeof PASSED];
      expect(c, c.key).toMatchObject({ passed, failed, ties, decided: passed + failed, passRate: passed / (passed + failed) });
      const wilson = accuracy(passed, passed + failed) as { lower: number; upper: number };
      expect(c.ci95![0]).toBeCloseTo(wilson.lower, 12);
      expect(c.ci95![1]).toBeCloseTo(wilson.upper, 12);
      const kappa = KAPPA[c.key as keyof typeof KAPPA];
      if (kappa === undefined) expect(c.cohenKappa).toBeNull();
      else expect(c.cohenKappa, c.key).toBeCloseTo(kappa, 12);
    }
    expect(results.criteria.find((c) => c.key === "script_answer.answer_correct")!.notes.join(" ")).toMatch(/Cohen's κ/);

    const status = (i: number) => results.units.find((u) => u.unitId === units[i]!.id)!.decision;
    expect([0, 1, 2, 3, 4, 5].map((i) => status(i).status)).toEqual(["keep", "needs_review", "reject", "reject", "needs_review", "needs_review"]);
    expect(status(2).reasons).toEqual(["script_answer.reasoning_sound", "script_conversation.key_information_kept"]);
    expect(status(3).reasons).toEqual(["script_answer.answerable"]);
    expect(results.decisions).toEqual({ incomplete: 0, keep: 1, reject: 2, needs_review: 3 });
    expect(results.failing.map((f) => [f.unitId, f.criteria, f.questions.map((q) => q.recordIndex)])).toEqual([
      [units[2]!.id, status(2).reasons, [2]],
      [units[3]!.id, status(3).reasons, [3]],
    ]);
    // every split criterion of a complete unit waits for a researcher, ties first
    expect(results.queue.filter((q) => q.reason === "tie").map((q) => `${q.ordinal}:${q.check}`)).toContain(`${units[1]!.ordinal}:script_answer.reasoning_sound`);

    // the report's keys for `sally report --json`
    // what `sally report --study <id> --json` prints
    const report = (await studyReport(study)) as Record<string, unknown>;
    expect((report.criteria as Record<string, unknown>[]).map((c) => Object.keys(c).slice(0, 5))).toEqual(Array(4).fill(["key", "n", "passRate", "ci95", "cohenKappa"]));
    // and without --json: each criterion's pass rate, and the units by decision
    const printed = reportText(report);
    for (const c of report.criteria as { key: string; passRate: number | null }[]) {
      expect(printed).toMatch(new RegExp(`^  ${c.key.replace(".", "\\.")} +${c.passRate === null ? "—" : `${(c.passRate * 100).toFixed(1)}%`}`, "m"));
    }
    expect(printed).toContain("Units: incomplete 0, keep 1, reject 2, needs review 3");

    // a researcher decides the tie on unit 1; it is kept, and the validated export holds units 0 and 1
    await adjudicate({ actor, studyId: study.id, input: { unitId: units[1]!.id, check: "script_answer.reasoning_sound", decision: "yes", reason: "The solution is complete." } });
    const after = (await studyResults(study)) as ChecklistResults;
    expect(after.units.find((u) => u.unitId === units[1]!.id)!.decision.status).toBe("keep");
    const selection = (await validatedSelection(study))!;
    expect(selection).toEqual({ kept: [0, 1], dropped: { failed: 2, needs_review: 2, incomplete: 0 }, inScope: 6 });
    const file = await exportDataset({ datasetId: ds.datasetId, format: "source", recordIndexes: selection.kept });
    let text = "";
    for await (const chunk of file.chunks) text += chunk;
    expect(text.trim().split("\n").map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(["REV001", "REV002"]);

    const manifest = await studyManifest(study);
    expect(manifest.counts).toMatchObject({ sourceRecordsInScope: 6, sourceRecordsKept: 2 });
  });
});

describe.skipIf(!HAS_SHARED)("a checklist review over the released DIAMONDs sample (read from ../shared/datasets, never copied)", () => {
  it("shows each question's solution_gpt from its source record as the reasoning", async () => {
    const researcher = await user("researcher");
    const actor = { id: researcher.id, role: researcher.role };
    const file = sample("diamonds/underspec-conv-QA.jsonl.sample");
    const ds = await importDataset({ file, benchmark: "diamonds", ownerId: researcher.id, asNewVersion: true });
    const { id } = await createStudy({ actor, spec: parseSpec({ name: "sample review", dataset: ds.datasetId, ...SPEC, unit: "question", sampling: { kind: "random", k: 3, seed: 7 } }) });
    await changeStudyState({ actor, studyId: id, to: "open" });
    const study = (await readStudy(pool(), { id }))!;
    // the released file is one JSON array
    const released = JSON.parse(await readFile(file, "utf8")) as { solution_gpt: string; final_question: string }[];
    const api = await reviewer(study);
    const { body } = await api.next();
    const unit = body.unit!;
    const question = await db().question.findUniqueOrThrow({ where: { id: (unit.questions as { id: string }[])[0]!.id } });
    const record = released[question.recordIndex]!;
    expect(unit.questions).toEqual([expect.objectContaining({ prompt: record.final_question, reasoning: record.solution_gpt })]);
  });
});
if (!HAS_SHARED) console.warn("checklist-study: ../shared/datasets is absent, so the released-sample case is skipped");
