import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import type { BaselineResults, Study, ValidationResults } from "@/lib/designs";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { studyResults } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { participantFigures, participantsPage, participantsQuery } from "@/lib/studies/tables";
import { oracleBaselineResults } from "../support/baseline-oracle";
import { oracleData, oracleResults } from "../support/validation-oracle";
import { addParticipants, answer, fate, pick, randomDataset, randomValidationStudy, researcher, rng, shuffled, type Rng } from "../support/random-study";

// The SQL-backed results against the former JavaScript computation (tests/support/validation-
// oracle.ts) on randomized validation studies: every decision, tally, queue entry, agreement
// figure, progress figure and per-participant figure must be the same. Floating-point figures
// may differ in the last bits (sums in another order; percentile_cont vs (a + b) / 2).

function expectClose(actual: number | null | undefined, expected: number | null | undefined) {
  if (expected === null || expected === undefined) return expect(actual ?? null).toBeNull();
  expect(actual).toBeCloseTo(expected, 9);
}

async function compare(study: Study<ValidationConfig>, r: Rng, opts: { compared: boolean } = { compared: true }) {
  const actual = (await studyResults(study)) as ValidationResults;
  const expected = oracleResults(study, await oracleData({ client: pool(), study }));
  expect(actual.units.length).toBeGreaterThan(0);
  expect(actual.units).toEqual(expected.units);
  expect(actual.decisions).toEqual(expected.decisions);
  expect(actual.queue).toEqual(expected.queue);
  const { medianSecondsPerUnit, ...progress } = actual.progress;
  const { medianSecondsPerUnit: expectedMedian, ...expectedProgress } = expected.progress;
  expect(progress).toEqual(expectedProgress);
  expectClose(medianSecondsPerUnit, expectedMedian);
  expect(actual.agreement.map((a) => a.check)).toEqual(expected.agreement.map((a) => a.check));
  for (const [i, a] of actual.agreement.entries()) {
    const e = expected.agreement[i]!;
    expect(a.label).toBe(e.label);
    expect({ items: a.figures.items, ratings: a.figures.ratings, notes: a.figures.notes }).toEqual({ items: e.figures.items, ratings: e.figures.ratings, notes: e.figures.notes });
    for (const k of ["fleissKappa", "krippendorffAlpha", "percentAgreement", "gwetAC1"] as const) expectClose(a.figures[k], e.figures[k]);
  }

  // per participant: units and median time (the results), agreement with the others (participantFigures)
  const byId = <T extends { participantId: string }>(xs: T[]) => [...xs].sort((a, b) => a.participantId.localeCompare(b.participantId));
  const actualPeople = byId(actual.participants);
  const expectedPeople = byId(expected.participants);
  expect(actualPeople.map((p) => [p.participantId, p.pseudonym, p.externalId, p.units])).toEqual(expectedPeople.map((p) => [p.participantId, p.pseudonym, p.externalId, p.units]));
  actualPeople.forEach((p, i) => expectClose(p.medianSeconds, expectedPeople[i]!.medianSeconds));
  const figures = await participantFigures(study, expectedPeople.map((p) => p.participantId));
  for (const p of expectedPeople) {
    const f = figures.get(p.participantId)!;
    expectClose(f.agreementWithMajority, p.agreementWithMajority);
    expect(f.agreementUnits).toBe(p.agreementUnits);
  }
  expect(expectedPeople.some((p) => p.agreementWithMajority !== null)).toBe(opts.compared);

  // a random page of the participants table holds the same rows
  const pageSize = 1 + Math.floor(r() * 5);
  const page = await participantsPage(study, participantsQuery.parse({ pageSize, page: 1 + Math.floor(r() * 3), sort: "pseudonym", order: "asc" }));
  const sorted = [...expected.participants].sort((a, b) => a.pseudonym.localeCompare(b.pseudonym));
  expect(page.total).toBe(sorted.length);
  expect(page.items.map((p) => p.participantId)).toEqual(sorted.slice((page.page - 1) * pageSize, page.page * pageSize).map((p) => p.participantId));
  for (const item of page.items) expect(item.agreementWithMajority ?? null).toBe(figures.get(item.participantId)!.agreementWithMajority ?? null);

  // Dawid–Skene stays a full computation, and agrees with the oracle's too
  const ds = (await studyResults(study, pool(), "dawid-skene")) as ValidationResults;
  const expectedDs = oracleResults(study, await oracleData({ client: pool(), study }), "dawid-skene");
  expect(ds.units.map((u) => u.decision)).toEqual(expectedDs.units.map((u) => u.decision));
  expect(ds.aggregation.fits.map((f) => f.family)).toEqual(expectedDs.aggregation.fits.map((f) => f.family));
}

describe("validation results aggregated in PostgreSQL equal the JavaScript computation", () => {
  for (const seed of [11, 29, 47]) {
    it(`on a randomized study (seed ${seed}): ties, missing answers, voided and expired answers, live leases, adjudications`, async () => {
      const study = await randomValidationStudy(seed, { participants: 16, maxPerUnit: 10, n: 5 });
      await compare(study, rng(seed + 1));
    });
  }

  it("with exactly two raters (Cohen's κ needs who rated what, so the ratings are read)", async () => {
    const study = await randomValidationStudy(5, { participants: 2, maxPerUnit: 2, n: 2 });
    await compare(study, rng(6), { compared: false }); // nobody has 2 others to compare with
  });
});

const MODELS = ["m-alpha", "m-beta", "m-gamma", "m-delta", "m-eps"];

async function randomBaselineStudy(seed: number, opts: { staged: boolean }): Promise<Study<BaselineConfig>> {
  const r = rng(seed);
  const { actor, ownerId } = await researcher();
  const datasetId = await randomDataset(ownerId, 30);
  const staging = opts.staged
    ? { stages: [{ view: "text" }, { view: "text" }], groups: { names: ["read", "not_read"], perUnit: { read: 2, not_read: 2 }, balanceTolerance: 1, membership: { from: "url", param: "g" } } }
    : {};
  const created = await createStudy({
    actor,
    spec: parseSpec({ dataset: datasetId, design: "baseline", name: `baseline ${seed}`, unit: "question", n: 4, config: { subsets: ["question_type"] }, ...staging }),
  });
  await changeStudyState({ actor, studyId: created.id, to: "open" });
  const study = (await readStudy(pool(), { id: created.id })) as Study<BaselineConfig>;
  const groups = opts.staged ? ["read", "not_read"] : [];
  const people = await addParticipants(study.id, 12, groups);
  const groupOf = new Map(people.map((id, i) => [id, groups.length ? groups[i % groups.length]! : null]));
  const { rows: units } = await pool().query<{ id: string; questionId: string }>(`SELECT id, "questionIds"[1] AS "questionId" FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY ordinal`, [study.id]);
  // five models, some questions unanswered by some, one answer not readable
  for (const u of units) {
    for (const model of MODELS) {
      if (r() < 0.15) continue;
      const answer = r() < 0.05 ? "no idea" : pick(r, ["box", "basket", "bag"]);
      await pool().query(`INSERT INTO "ModelPrediction" (id, "questionId", model, answer) VALUES (gen_random_uuid(), $1, $2, $3)`, [u.questionId, model, JSON.stringify(answer)]);
    }
  }
  const base = Date.parse("2026-02-02T09:00:00Z");
  const leasing = new Set<string>();
  const stages = opts.staged ? 2 : 1;
  for (const u of units) {
    for (const participantId of shuffled(r, people).slice(0, Math.floor(r() * 7))) {
      let status = fate(r);
      if (status === "live" && leasing.has(participantId)) status = "expired";
      if (status === "live") leasing.add(participantId);
      const given = Array.from({ length: stages }, () => pick(r, ["box", "basket", "bag", "box"]));
      const { assignmentId, responseIds } = await answer({ r, studyId: study.id, unitId: u.id, participantId, group: groupOf.get(participantId), status, payloads: given.map((a) => ({ answers: { [u.questionId]: a } })), base });
      const { rows: gold } = await pool().query<{ gold: unknown; options: string[] }>(`SELECT gold, options FROM "Question" WHERE id = $1`, [u.questionId]);
      for (const [i, responseId] of responseIds.entries()) {
        // scored as the submit path scores: right when the option is the gold one; now and then unscored
        const unscored = r() < 0.05;
        const correct = unscored ? null : gold[0]!.options.indexOf(given[i]!) === Number(gold[0]!.gold);
        await pool().query(
          `INSERT INTO "ScoredAnswer" ("responseId", "questionId", "studyId", "assignmentId", "participantId", stage, correct, graded, normalized, ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8, $9)`,
          [responseId, u.questionId, study.id, assignmentId, participantId, i + 1, correct, given[i], r() < 0.2 ? null : Math.floor(r() * 60_000)],
        );
      }
    }
  }
  return study;
}

function expectSameFigures(actual: unknown, expected: unknown, path = "results") {
  if (typeof expected === "number" && typeof actual === "number" && !Number.isInteger(expected)) {
    expect(actual, path).toBeCloseTo(expected, 9);
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, path).toBe(expected.length);
    expected.forEach((e, i) => expectSameFigures((actual as unknown[])[i], e, `${path}[${i}]`));
    return;
  }
  if (expected && typeof expected === "object") {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectSameFigures((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
    return;
  }
  expect(actual, path).toEqual(expected);
}

describe("baseline results aggregated in PostgreSQL equal the JavaScript computation", () => {
  for (const [seed, staged] of [[3, false], [17, false], [23, true]] as const) {
    it(`on a randomized ${staged ? "staged study with groups" : "study"} (seed ${seed}): five models, unscored and voided answers, subsets`, async () => {
      const study = await randomBaselineStudy(seed, { staged });
      const actual = (await studyResults(study)) as BaselineResults;
      const expected = await oracleBaselineResults({ client: pool(), study });
      expect(actual.models).toHaveLength(MODELS.length);
      expect(actual.byType.length).toBeGreaterThan(0);
      const { participants, byParticipant, ...figures } = actual;
      const { participants: expectedParticipants, byParticipant: expectedByParticipant, ...expectedFigures } = expected;
      expectSameFigures(figures, expectedFigures);
      // per participant: the same rows (the order is presentation: first answer first)
      const byName = <T extends { participant: string }>(xs: T[]) => [...xs].sort((a, b) => a.participant.localeCompare(b.participant));
      expectSameFigures(byName(byParticipant), byName(expectedByParticipant));
      const byId = <T extends { participantId: string }>(xs: T[]) => [...xs].sort((a, b) => a.participantId.localeCompare(b.participantId));
      expectSameFigures(byId(participants), byId(expectedParticipants));
      if (staged) expect(actual.revisions?.length).toBeGreaterThan(0);
    });
  }
});
