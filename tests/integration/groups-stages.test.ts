import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sweepExpired } from "@/lib/assignment/lease";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import type { BaselineResults } from "@/lib/designs";
import { seededRandom } from "@/lib/metrics";
import { reportText } from "@/lib/cli/report-text";
import { studyReport } from "@/lib/studies/report";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { BOOKS, PER_BOOK, writeChartom } from "../support/chartom";
import { HAS_SHARED, sample } from "../support/paths";
import { HttpParticipant, joined } from "../support/participant-http";

// CharToM-QA's human study over the participant API: each question answered by exactly one
// reader and one non-reader of its book (readers of *that* book), every participant given as many
// questions on books read as not read (±1), each question first with the short window (c0), then
// with the longer one (c2000) revealed, which the server withholds until the first answer is
// stored. 40 participants at once; then the grid, the paired group gap and the revisions,
// checked against counts kept by the test as it answered.

/** How a participant answers: readers right at both stages; non-readers right at c0 on odd items,
 *  and at c2000 on items divisible by 3 (so some revise right → wrong, some wrong → right). */
function rightAt(reader: boolean, n: number, stage: number): boolean {
  if (reader) return true;
  return stage === 1 ? n % 2 === 1 : n % 3 === 0;
}

describe("a reader / non-reader study with staged reveal (CharToM-QA)", () => {
  it("40 concurrent participants: one answer per group per question, balanced ±1, no stage-2 byte early, 409 on a stage-1 resubmission, and the grid as counted", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const { file, records } = writeChartom();
    const ds = await importDataset({ file, benchmark: "chartom", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({
      actor,
      spec: parseSpec({
        dataset: ds.datasetId, design: "baseline", name: "readers", unit: "question", kinds: ["single_choice"],
        groups: { names: ["read", "not_read"], perUnit: { read: 1, not_read: 1 }, balanceTolerance: 1, membership: { from: "url", tag: "book", param: "read" } },
        stages: [{ view: "c0" }, { view: "c2000" }],
      }),
    });
    expect(created.units).toBe(BOOKS.length * PER_BOOK);
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const byPrompt = new Map(records.map((r) => [r.question, r]));

    const random = seededRandom(11);
    const people = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const read = BOOKS.filter(() => random() < 0.5);
        return joined(created.code, { PROLIFIC_PID: `reader-${i}`, read: read.join(",") }).then((p) => ({ p, read: new Set(read) }));
      }),
    );
    const kept: { reader: boolean; stage: number; right: boolean; n: number }[] = [];
    const leaks: string[] = [];
    let resubmission: number | null = null;

    const work = async ({ p, read }: { p: HttpParticipant; read: Set<string> }) => {
      for (;;) {
        const first = await p.next();
        if (first.body.status === "done") return;
        const unit = first.body.unit!;
        expect(unit.stage).toBe(1);
        // nothing of the longer window before the first answer is stored
        if (first.text.includes("REVEAL-")) leaks.push(first.text);
        expect(Object.keys(unit.context.views)).toEqual(["c0"]);
        const q = unit.questions[0]!;
        const rec = byPrompt.get(q.prompt)!;
        const reader = read.has(rec.book);
        const pick = (right: boolean) => (right ? q.options!.indexOf(rec.answer) : q.options!.findIndex((o) => o !== rec.answer));
        const s1 = await p.submit(unit.assignmentId, { answers: { [q.id]: pick(rightAt(reader, rec.n, 1)) } }, { stage: 1 });
        expect(s1.status, s1.text).toBe(201);
        kept.push({ reader, stage: 1, right: rightAt(reader, rec.n, 1), n: rec.n });
        // the stage-1 answer is locked
        const again = await p.submit(unit.assignmentId, { answers: { [q.id]: pick(!rightAt(reader, rec.n, 1)) } }, { stage: 1 });
        resubmission ??= again.status;
        expect(again.status, again.text).toBe(409);
        expect(again.body.reason).toBe("stage_locked");
        const second = await p.next();
        const revealed = second.body.unit!;
        expect(revealed).toMatchObject({ assignmentId: unit.assignmentId, stage: 2 });
        expect(Object.keys(revealed.context.views)).toEqual(["c2000"]);
        expect(second.text).toContain(`REVEAL-${rec.n}`);
        expect(revealed.previous).toEqual({ answers: { [q.id]: pick(rightAt(reader, rec.n, 1)) } });
        const s2 = await p.submit(unit.assignmentId, { answers: { [q.id]: pick(rightAt(reader, rec.n, 2)) } }, { stage: 2 });
        expect(s2.status, s2.text).toBe(201);
        kept.push({ reader, stage: 2, right: rightAt(reader, rec.n, 2), n: rec.n });
      }
    };
    await Promise.all(people.map(work));
    expect(leaks).toEqual([]);
    expect(resubmission).toBe(409);

    // exactly one final answer per group per question, never more
    const { rows: perCell } = await pool().query<{ unitId: string; group: string; n: number }>(
      `SELECT r."unitId", a."group", count(*)::int AS n FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId"
       WHERE r."studyId" = $1 AND r.stage = 2 AND a.status = 'submitted' GROUP BY 1, 2`,
      [created.id],
    );
    expect(perCell).toHaveLength(created.units * 2);
    expect(perCell.every((c) => c.n === 1)).toBe(true);
    // each participant who read some of the books but not all within ±1 between books read and not read
    const { rows: balance } = await pool().query<{ pid: string; read: number; other: number }>(
      `SELECT p."externalId" AS pid, count(*) FILTER (WHERE a."group" = 'read')::int AS read, count(*) FILTER (WHERE a."group" = 'not_read')::int AS other
       FROM "Assignment" a JOIN "Participant" p ON p.id = a."participantId" WHERE a."studyId" = $1 AND a.status = 'submitted' GROUP BY 1`,
      [created.id],
    );
    const mixed = new Set(people.flatMap(({ read }, i) => (read.size > 0 && read.size < BOOKS.length ? [`reader-${i}`] : [])));
    expect(mixed.size).toBeGreaterThan(20);
    for (const b of balance.filter((row) => mixed.has(row.pid))) expect(Math.abs(b.read - b.other)).toBeLessThanOrEqual(1);

    const report = (await studyReport((await readStudy(pool(), { id: created.id }))!)) as unknown as BaselineResults;
    const cell = (reader: boolean, stage: number) => {
      const mine = kept.filter((k) => k.reader === reader && k.stage === stage);
      return { n: mine.length, correct: mine.filter((k) => k.right).length };
    };
    for (const [group, reader] of [["read", true], ["not_read", false]] as const) {
      for (const stage of [1, 2]) {
        const got = report.byGroupStage!.find((r) => r.key.group === group && r.key.stage === stage)!;
        expect({ n: got.n, correct: got.correct }).toEqual(cell(reader, stage));
        expect(got.view).toBe(stage === 1 ? "c0" : "c2000");
      }
    }
    // the gap, paired by question: at c0 the readers are right on all 24, the non-readers on the 12 odd items
    const gap1 = report.groupGap!.find((g) => g.stage === 1)!;
    expect(gap1).toMatchObject({ pairs: 24, groups: ["read", "not_read"] });
    expect(gap1.diff).toBeCloseTo(12 / 24, 10);
    // non-readers' revisions: odd and not a multiple of 3 → right to wrong; even multiples of 3 → wrong to right
    const nonReaders = report.revisions!.find((r) => r.group === "not_read")!;
    const items = records.map((r) => r.n);
    expect(nonReaders).toMatchObject({
      n: 24,
      rightToWrong: items.filter((n) => n % 2 === 1 && n % 3 !== 0).length,
      wrongToRight: items.filter((n) => n % 2 === 0 && n % 3 === 0).length,
    });
    expect(report.revisions!.find((r) => r.group === "read")).toMatchObject({ n: 24, rightToWrong: 0, wrongToRight: 0, changed: 0 });

    // `sally report` without --json prints the same grid, gap and revisions
    const text = reportText(report);
    const readC0 = cell(true, 1);
    expect(text).toContain("By group × stage");
    expect(text).toMatch(new RegExp(`group=read, stage=1 \\(c0\\) +${((readC0.correct / readC0.n) * 100).toFixed(1)}% .*n=${readC0.n}`));
    expect(text).toMatch(/stage 1 \(c0\): read − not_read \+50\.0 pts .* on 24 questions/);
    expect(text).toContain(`revisions, not_read: 24 answered at both stages, right → wrong ${nonReaders.rightToWrong}, wrong → right ${nonReaders.wrongToRight}`);
  });
});

/** An open CharToM-QA baseline (single-choice questions, no stages) with these groups. */
async function openGroupsStudy(name: string, groups: Record<string, unknown>): Promise<{ id: string; code: string; units: number }> {
  const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  const actor = { id: owner.id, role: owner.role };
  const ds = await importDataset({ file: writeChartom().file, benchmark: "chartom", ownerId: owner.id, asNewVersion: true });
  const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name, unit: "question", kinds: ["single_choice"], groups }) });
  await changeStudyState({ actor, studyId: created.id, to: "open" });
  return created;
}

describe("the balance between groups binds only participants in both", () => {
  it("someone who read none of the books answers every question as a non-reader; someone who read one is held to ±1", async () => {
    const created = await openGroupsStudy("balance", { names: ["read", "not_read"], perUnit: { read: 1, not_read: 1 }, balanceTolerance: 1, membership: { from: "url", tag: "book", param: "read" } });
    const answerAll = async (p: HttpParticipant) => {
      let answered = 0;
      for (;;) {
        const next = await p.next();
        if (next.body.status === "done") return answered;
        const q = next.body.unit!.questions[0]!;
        expect((await p.submit(next.body.unit!.assignmentId, { answers: { [q.id]: 0 } })).status).toBe(201);
        answered++;
      }
    };
    // before the fix: sent away after one unit, with every non-reader place still open
    expect(await answerAll(await joined(created.code, { PROLIFIC_PID: "read-none" }))).toBe(created.units);
    // no non-reader place is left, so a reader of one book may take one unit of it, not more
    expect(await answerAll(await joined(created.code, { PROLIFIC_PID: "read-one", read: BOOKS[0]! }))).toBe(1);
  });
});

describe("a link that names no group of the study", () => {
  it("is told the link names no group, not that its answers did not fit (it gave none)", async () => {
    const created = await openGroupsStudy("by link", { names: ["native", "learner"], perUnit: { native: 1, learner: 1 }, membership: { from: "url", param: "grp" } });
    for (const params of [{ grp: "bogus" }, {}, { grp: "NATIVE" }] as Record<string, string>[]) {
      expect(await new HttpParticipant(created.code).enter({ PROLIFIC_PID: randomUUID(), ...params })).toBe(`/s/${created.code}/unavailable?reason=no_group`);
    }
    expect(await new HttpParticipant(created.code).enter({ PROLIFIC_PID: randomUUID(), grp: "native" })).toBe(`/s/${created.code}/consent`);
  });
});

describe.skipIf(!HAS_SHARED)("a staged study without groups (FANToM short → full)", () => {
  it("answers with the short context, then revises with the full one; a participant who leaves between the stages resumes at stage 2 with stage 1 locked", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: sample("fantom/fantom_v1.json.sample"), benchmark: "fantom", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({
      actor,
      spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "short then full", unit: "set", kinds: ["single_choice"], stages: [{ view: "short" }, { view: "full" }] }),
    });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const p = await joined(created.code, { PROLIFIC_PID: "fantom-staged" });
    const first = (await p.next()).body.unit!;
    expect(first.stage).toBe(1);
    expect(Object.keys(first.context.views)).toEqual(["short"]);
    const answers = Object.fromEntries(first.questions.map((q) => [q.id, 0]));
    expect((await p.submit(first.assignmentId, { answers })).status).toBe(201);

    // the participant leaves and comes back through the link: the same unit, at stage 2, stage 1 kept
    await p.enter({ PROLIFIC_PID: "fantom-staged" });
    const back = (await p.next()).body.unit!;
    expect(back).toMatchObject({ assignmentId: first.assignmentId, stage: 2, previous: { answers } });
    expect(Object.keys(back.context.views)).toEqual(["full"]);
    // sending stage 1 again without saying which stage, after stage 2 was shown, answers stage 2
    const revised = Object.fromEntries(first.questions.map((q) => [q.id, 1]));
    expect((await p.submit(first.assignmentId, { answers: revised })).status).toBe(201);
    const { rows } = await pool().query<{ stage: number; revised: boolean | null }>(`SELECT stage, revised FROM "Response" WHERE "assignmentId" = $1 ORDER BY stage`, [first.assignmentId]);
    expect(rows).toEqual([{ stage: 1, revised: null }, { stage: 2, revised: true }]);
  });

  it("a lease that expires between the stages: the stage-1 answer is kept but does not count, and the unit goes to someone else from stage 1", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: sample("fantom/fantom_v1.json.sample"), benchmark: "fantom", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({
      actor,
      spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "expiry", unit: "set", kinds: ["single_choice"], maxUnitsPerParticipant: 1, stages: [{ view: "short" }, { view: "full" }] }),
    });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const slow = await joined(created.code, { PROLIFIC_PID: "slow" });
    const unit = (await slow.next()).body.unit!;
    const answers = Object.fromEntries(unit.questions.map((q) => [q.id, 0]));
    expect((await slow.submit(unit.assignmentId, { answers })).status).toBe(201);
    await pool().query(`UPDATE "Assignment" SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [unit.assignmentId]);
    // the late stage-2 answer is refused even before the periodic sweep has seen the lease
    const tooLate = await slow.submit(unit.assignmentId, { answers }, { stage: 2 });
    expect(tooLate.body.reason).toBe("lease_expired");
    await sweepExpired(pool(), created.id);

    // the stage-2 answer comes too late: refused; the unit is never this participant's again, and is someone else's from stage 1
    const instead = (await slow.next()).body.unit;
    expect(instead?.questions[0]?.id).not.toBe(unit.questions[0]!.id);
    const late = await slow.submit(unit.assignmentId, { answers }, { stage: 2 });
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe("lease_expired");
    const others = await Promise.all([1, 2, 3, 4].map((i) => joined(created.code, { PROLIFIC_PID: `other-${i}` })));
    const units = await Promise.all(others.map((o) => o.next()));
    const again = units.find((u) => u.body.unit?.questions[0]?.id === unit.questions[0]!.id)!;
    expect(again.body.unit).toMatchObject({ stage: 1 });
    // kept in the raw data, counted nowhere
    const { rows } = await pool().query<{ n: number; status: string }>(
      `SELECT count(r.id)::int AS n, a.status::text AS status FROM "Assignment" a LEFT JOIN "Response" r ON r."assignmentId" = a.id WHERE a.id = $1 GROUP BY a.status`,
      [unit.assignmentId],
    );
    expect(rows).toEqual([{ n: 1, status: "expired" }]);
    const report = await studyReport((await readStudy(pool(), { id: created.id }))!);
    expect(report.responses).toBe(0);
  });
});
