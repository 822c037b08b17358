import { describe, expect, it, vi } from "vitest";
import { pool } from "@/lib/db/pool";
import { log } from "@/lib/log";
import { readStudyAtOneMoment } from "@/lib/designs/counted";
import type { Study } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { validationResults, type ValidationResults } from "@/lib/designs/validation/results";
import { validationSummary } from "@/lib/designs/validation/summary";
import { selectValidatedRecords } from "@/lib/designs/validation/validated";
import { studyExports } from "@/lib/studies/exports/offered";
import { resultsSummary, studyOverview, studyResults, studySummary } from "@/lib/studies/results";
import { readStudy } from "@/lib/studies/study";
import { pageOf } from "@/lib/studies/paging";
import { adjudicationQueue, participantsPage, participantsQuery, unitsQuery, unitsTable } from "@/lib/studies/tables";
import { addParticipants, answer, pick, rng, shuffled } from "@/tests/support/random-study";
import { randomValidationStudy } from "@/lib/designs/validation/random-study.testing";

// The kept decisions (UnitDecision, lib/designs/validation/decision-store.ts) against the results worked
// out from every unit again: the overview's summary, the units table a page at a time and the exports'
// "nothing kept" must be the same, whether a decision was kept or worked out, and a kept decision must
// never be used once what it was worked out from has changed.

const QUERIES = [
  {},
  { status: "keep" },
  { status: "needs_review", sort: "submitted", order: "desc" },
  { ties: "1", pageSize: 5 },
  { sort: "title", order: "desc", pageSize: 9 },
  { sort: "status", page: 2, pageSize: 7 },
  { status: "reject", page: 3, pageSize: 3 },
].map((q) => unitsQuery.parse(q));

async function expectSameAsResults(study: Study): Promise<void> {
  const summary = await studySummary(study);
  const results = await studyResults(study);
  expect(summary).toEqual(resultsSummary(results));
  for (const query of QUERIES) {
    const kept = await unitsTable(study, query);
    const whole = await unitsTable(study, query, results);
    expect(json(kept)).toEqual(json(whole));
  }
  const { queue, units } = results as ValidationResults;
  const named = units.filter((_, i) => i % 5 === 0).map((u) => u.unitId);
  for (const requested of [1, 2, 3, 999]) {
    const page = await adjudicationQueue(study, requested, 4, named);
    const expected = pageOf(queue.length, requested, 4);
    expect({ page: page.page, pages: page.pages, total: page.total, ties: page.ties }).toEqual({ ...expected, total: queue.length, ties: queue.filter((q) => q.reason === "tie").length });
    expect(page.items).toEqual(queue.slice((expected.page - 1) * 4, expected.page * 4));
    for (const id of [...page.items.map((q) => q.unitId), ...named]) expect(json(page.units.get(id))).toEqual(json(units.find((u) => u.unitId === id)));
  }
  expect(await studyExports(study)).toEqual(await studyExports(study, { results }));
  const overview = await studyOverview(study);
  expect(overview.summary).toEqual(summary);
  expect(overview.keptRecords).toBe((await selectValidatedRecords({ client: pool(), study: study as Study<ValidationConfig> }, results as ValidationResults)).kept.length);
  expect(await studyExports(study, overview)).toEqual(await studyExports(study, { results }));
}

// as a page or the API sends it (the decisions' checks are objects without a prototype)
const json = (x: unknown): unknown => JSON.parse(JSON.stringify(x ?? null));

async function keptRows(studyId: string): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "UnitDecision" WHERE "studyId" = $1`, [studyId]);
  return rows[0]!.n;
}

async function reread(study: Study): Promise<Study> {
  return (await readStudy(pool(), { id: study.id }))!;
}

describe("kept decisions (UnitDecision) give what the results give", () => {
  for (const seed of [13, 31]) {
    it(`on a randomized study (seed ${seed}): worked out on the first read, kept on the next, equal to the results both times`, async () => {
      const study = await randomValidationStudy(seed, { participants: 14, maxPerUnit: 9, n: 5 });
      expect(await keptRows(study.id)).toBe(0);
      await expectSameAsResults(study);
      const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "StudyUnit" WHERE "studyId" = $1`, [study.id]);
      expect(await keptRows(study.id)).toBe(rows[0]!.n);
      await expectSameAsResults(study);
    });
  }

  it("with units of a context, whose kept decisions may still reject questions: the same records kept", async () => {
    const study = await randomValidationStudy(41, { participants: 12, maxPerUnit: 8, n: 3, unit: "context" });
    const results = (await studyResults(study)) as ValidationResults;
    const kept = (await selectValidatedRecords({ client: pool(), study: study as Study<ValidationConfig> }, results)).kept.length;
    // decided by the overview's own read, then read from the kept rows
    expect((await studyOverview(study)).keptRecords).toBe(kept);
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "UnitDecision" WHERE "studyId" = $1 AND status = 'keep' AND cardinality(rejected) > 0`, [study.id]);
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect((await studyOverview(study)).keptRecords).toBe(kept);
    await expectSameAsResults(study);
  });

  it("with alike units and nothing kept: the summary's agreement, counted from one tally per class of alike units, is the results'", async () => {
    const study = await randomValidationStudy(7, { participants: 6, maxPerUnit: 4, n: 3, alike: true });
    expect(await keptRows(study.id)).toBe(0);
    // the read counts the tallies' rows per class (the first read) and in PostgreSQL (the next): both as the results
    const { rows } = await pool().query<{ classes: number; units: number }>(
      `SELECT count(DISTINCT coalesce(t.responses, 0))::int AS classes, count(*)::int AS units FROM "StudyUnit" u LEFT JOIN "UnitTally" t ON t."unitId" = u.id WHERE u."studyId" = $1`,
      [study.id],
    );
    expect(rows[0]!.units).toBeGreaterThan(rows[0]!.classes * 4);
    await expectSameAsResults(study);
    // the agreement figures rest on many items, so each class's tally counted once would show
    const summary = await studySummary(study);
    expect(summary.agreement?.some((a) => a.figures.items > rows[0]!.classes * 4)).toBe(true);
  });

  it("a kept decision is worked out again when its unit gets answers, loses some to an exclusion or is adjudicated, and when N or the rule changes", async () => {
    let study: Study = await randomValidationStudy(53, { participants: 12, maxPerUnit: 7, n: 4 });
    await expectSameAsResults(study);
    const r = rng(54);
    const { rows: units } = await pool().query<{ id: string }>(`SELECT id FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY ordinal`, [study.id]);

    // new answers to a few units (from new people, so no one answers a unit twice)
    const people = await addParticipants(study.id, 3);
    for (const unit of shuffled(r, units).slice(0, 6)) {
      for (const participantId of people) {
        const answers = { "flag:odd": pick(r, ["yes", "no"]), "flag:unsafe": "no", label: pick(r, ["clear", "vague", "wrong"]) };
        await answer({ r, studyId: study.id, unitId: unit.id, participantId, status: "submitted", payloads: [{ answers }], base: Date.parse("2026-02-01T09:00:00Z") });
      }
    }
    await expectSameAsResults(study);

    // an exclusion voids one person's answers
    await pool().query(`UPDATE "Assignment" SET status = 'excluded' WHERE "participantId" = $1 AND status = 'submitted'`, [people[0]]);
    await expectSameAsResults(study);

    // adjudications of checks waiting in the queue: each leaves the queue
    const { queue } = (await studyResults(study)) as ValidationResults;
    expect(queue.length).toBeGreaterThan(1);
    for (const item of queue.slice(0, 2)) {
      await pool().query(
        `INSERT INTO "Adjudication" (id, "studyId", "unitId", "check", decision, reason) VALUES (gen_random_uuid(), $1, $2, $3, $4, 'decided')`,
        [study.id, item.unitId, item.check, Object.keys(item.counts)[0]],
      );
      await expectSameAsResults(study);
    }

    // a new N, then a new tie policy: every kept decision was worked out under the old rule
    await pool().query(`UPDATE "Study" SET n = n + 1 WHERE id = $1`, [study.id]);
    study = await reread(study);
    await expectSameAsResults(study);
    const config = study.config as ValidationConfig;
    const policy = config.rule.tiePolicy === "keep" ? "reject" : "keep";
    await pool().query(`UPDATE "Study" SET config = jsonb_set(config, '{rule,tiePolicy}', to_jsonb($2::text)) WHERE id = $1`, [study.id, policy]);
    study = await reread(study);
    await expectSameAsResults(study);
  });

  it("with an LLM judge: a kept decision is worked out again when the judge's predictions are imported again", async () => {
    let study: Study = await randomValidationStudy(61, { participants: 10, maxPerUnit: 7, n: 3 });
    await pool().query(`UPDATE "Study" SET config = jsonb_set(config, '{rule,llmJudge}', '{"model": "judge-1"}') WHERE id = $1`, [study.id]);
    study = await reread(study);
    const { rows: questions } = await pool().query<{ id: string }>(`SELECT id FROM "Question" WHERE "datasetId" = $1 ORDER BY "recordIndex"`, [study.datasetId]);
    // the judge calls most questions valid, some invalid, and says nothing of a few
    for (const [i, q] of questions.entries()) {
      if (i % 7 === 6) continue;
      await pool().query(`INSERT INTO "ModelPrediction" (id, "questionId", model, answer) VALUES (gen_random_uuid(), $1, 'judge-1', $2)`, [q.id, JSON.stringify(i % 5 === 4 ? "invalid" : "valid")]);
    }
    await expectSameAsResults(study);
    // a re-import turns every verdict over
    await pool().query(
      `UPDATE "ModelPrediction" SET answer = CASE WHEN answer = '"valid"' THEN '"invalid"'::jsonb ELSE '"valid"'::jsonb END
       WHERE model = 'judge-1' AND "questionId" IN (SELECT id FROM "Question" WHERE "datasetId" = $1)`,
      [study.datasetId],
    );
    await expectSameAsResults(study);
  });

  it("a page's read hands its kept writes to the page (Next's after): it returns before they run, they keep what the default read keeps, and a read before them is still exact", async () => {
    const study = await randomValidationStudy(71, { participants: 12, maxPerUnit: 8, n: 4 });
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "StudyUnit" WHERE "studyId" = $1`, [study.id]);
    const handed: (() => Promise<void>)[] = [];
    const keep = (write: () => Promise<void>) => void handed.push(write);
    const expected = resultsSummary(await studyResults(study));

    expect(await studySummary(study, undefined, keep)).toEqual(expected);
    expect(handed).toHaveLength(1);
    expect(await keptRows(study.id)).toBe(0);
    // the units table and the participants page hand theirs over too
    await unitsTable(study, unitsQuery.parse({}), undefined, keep);
    await participantsPage(study, participantsQuery.parse({}), keep);
    expect(handed).toHaveLength(3);
    expect(await keptRows(study.id)).toBe(0);
    // a read that comes before the writes works every decision out itself
    expect(await studySummary(study)).toEqual(expected);
    await pool().query(`DELETE FROM "UnitDecision" WHERE "studyId" = $1`, [study.id]);

    await handed[0]!();
    expect(await keptRows(study.id)).toBe(rows[0]!.n);
    await expectSameAsResults(study);
  });

  it("first reads at once (nothing kept yet) give the same figures and keep each unit's decision once", async () => {
    const study = await randomValidationStudy(83, { participants: 12, maxPerUnit: 8, n: 4 });
    const expected = resultsSummary(await studyResults(study));
    // a failed write is logged, not thrown: none may fail (two writers of the same rows in different
    // orders deadlock)
    const warned = vi.spyOn(log, "warn");
    for (let round = 0; round < 3; round++) {
      await pool().query(`DELETE FROM "UnitDecision" WHERE "studyId" = $1`, [study.id]);
      const summaries = await Promise.all(Array.from({ length: 6 }, () => studySummary(study)));
      for (const s of summaries) expect(s).toEqual(expected);
      const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "StudyUnit" WHERE "studyId" = $1`, [study.id]);
      expect(await keptRows(study.id)).toBe(rows[0]!.n);
    }
    expect(warned).not.toHaveBeenCalled();
    warned.mockRestore();
    await expectSameAsResults(study);
  });

  it("reads while answers arrive and people are excluded: each summary equals the results read in the same snapshot", async () => {
    const study = (await randomValidationStudy(71, { participants: 10, maxPerUnit: 6, n: 4 })) as Study<ValidationConfig>;
    const r = rng(72);
    const { rows: units } = await pool().query<{ id: string }>(`SELECT id FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY ordinal`, [study.id]);
    const people = await addParticipants(study.id, 8);
    let writing = true;
    const writer = (async () => {
      for (const [i, participantId] of people.entries()) {
        for (const unit of shuffled(r, units).slice(0, 8)) {
          const answers = { "flag:odd": pick(r, ["yes", "no"]), "flag:unsafe": pick(r, ["yes", "no"]), label: pick(r, ["clear", "vague"]) };
          await answer({ r, studyId: study.id, unitId: unit.id, participantId, status: "submitted", payloads: [{ answers }], base: Date.parse("2026-03-01T09:00:00Z") });
        }
        if (i % 3 === 2) await pool().query(`UPDATE "Assignment" SET status = 'excluded' WHERE "participantId" = $1 AND status = 'submitted'`, [people[i - 1]]);
      }
      writing = false;
    })();
    let reads = 0;
    while (writing || reads < 3) {
      const { summary, after, whole } = await readStudyAtOneMoment(study.id, async (client, notCounted) => {
        const ctx = { client, study, notCounted };
        const { summary, after } = await validationSummary(ctx);
        return { summary, after, whole: resultsSummary(await validationResults(ctx)) };
      });
      await after(pool());
      expect(summary).toEqual(whole);
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(2);
    await expectSameAsResults(study);
  });
});
