import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { validationNames, type ValidationResults } from "@/lib/designs/validation/results";
import { studyResults } from "@/lib/studies/results";
import { figuresOf, participantsPage, participantsQuery } from "@/lib/studies/tables";
import { rng, type Rng } from "@/tests/support/random-study";
import { randomValidationStudy } from "@/lib/designs/validation/random-study.testing";
import type { StoredQuestion } from "@/lib/datasets/questions";
import { commonResults, readUnitQuestions, readUnits, readValidResponses, type UnitRow as BaseUnit } from "@/lib/designs/read";
import type { AdjudicationItem, AgreementFigures, DesignResults, ReadCtx, Study, UnitDecision } from "@/lib/designs/types";
import { decideUnit, type Vote } from "@/lib/designs/validation/aggregate";
import { checkAgreement } from "@/lib/designs/validation/agreement";
import { unitChecks, type Check } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { judgement } from "@/lib/designs/validation/judgement";
import { encodeRatings, leaveOneOutAgreement } from "@/lib/metrics";
import { dawidSkeneConsensus, type FamilyFit } from "@/lib/designs/validation/dawid-skene";

// Validation results aggregated in PostgreSQL against the former JavaScript computation (the
// oracle below: every valid response loaded, votes per unit, agreement from the ratings, leave-
// one-out agreement per participant) on randomized studies: every decision, tally, queue entry,
// agreement figure, progress figure and per-participant figure must be the same. Floating-point
// figures may differ in the last bits (sums in another order; percentile_cont vs (a + b) / 2).
// The oracle lives here, with its only user, not in lib/.

// ---- the oracle: the former computation ----

interface UnitRow {
  unitId: string;
  ordinal: number;
  title: string | null;
  submitted: number;
  live: number;
  checks: Check[];
  decision: UnitDecision;
}

interface OracleResults extends DesignResults {
  aggregation: { method: "majority" | "dawid-skene"; fits: FamilyFit[] };
  participants: (DesignResults["participants"][number] & { agreementWithMajority: number | null; agreementUnits: number })[];
  voteColumns: { key: string; label: string }[];
  itemColumn: string | null;
  reasonLabels: Record<string, string>;
  decisions: Record<UnitDecision["status"], number>;
  agreement: { check: string; label: string; figures: AgreementFigures }[];
  units: UnitRow[];
  queue: AdjudicationItem[];
}

interface LoadedResponse extends Vote {
  id: string;
  unitId: string;
  pseudonym: string;
  externalId: string | null;
  comment: string | null;
  seconds: number | null;
  submittedAt: Date;
}

interface StudyData {
  units: (BaseUnit & { questions: StoredQuestion[] })[];
  responses: LoadedResponse[];
  adjudications: Map<string, Record<string, { decision: string; reason: string; actorId: string | null; at: Date }>>;
  llm: Record<string, boolean | null> | undefined;
}

async function oracleData({ client, study }: ReadCtx<ValidationConfig>): Promise<StudyData> {
  const llmModel = study.config.rule.llmJudge?.model ?? null;
  const [units, responses, adjudications, predictions] = await Promise.all([
    readUnits(client, study.id),
    readValidResponses(client, study),
    client.query<{ unitId: string; check: string; decision: string; reason: string; actorId: string | null; createdAt: Date }>(
      `SELECT "unitId", "check", decision, reason, "actorId", "createdAt" FROM "Adjudication" WHERE "studyId" = $1 ORDER BY "createdAt", id`,
      [study.id],
    ),
    llmModel
      ? client.query<{ questionId: string; answer: unknown }>(
          `SELECT m."questionId", m.answer FROM "ModelPrediction" m JOIN "Question" q ON q.id = m."questionId"
           WHERE q."datasetId" = $1 AND m.model = $2`,
          [study.datasetId, llmModel],
        )
      : Promise.resolve(null),
  ]);
  const questions = await readUnitQuestions(client, units);
  const adj = new Map<string, Record<string, { decision: string; reason: string; actorId: string | null; at: Date }>>();
  for (const a of adjudications.rows) {
    const perUnit = adj.get(a.unitId) ?? {};
    perUnit[a.check] = { decision: a.decision, reason: a.reason, actorId: a.actorId, at: a.createdAt }; // newest wins
    adj.set(a.unitId, perUnit);
  }
  return {
    units: units.map((u) => ({ ...u, questions: u.questionIds.flatMap((id) => questions.get(id) ?? []) })),
    responses: responses.map((r) => {
      const payload = r.payload as { answers?: Record<string, string>; comment?: string };
      return {
        id: r.id,
        unitId: r.unitId,
        participantId: r.participantId,
        answers: payload.answers ?? {},
        comment: payload.comment ?? null,
        pseudonym: r.pseudonym,
        externalId: r.externalId,
        seconds: r.seconds,
        submittedAt: r.submittedAt,
      };
    }),
    adjudications: adj,
    llm: predictions ? Object.fromEntries(predictions.rows.map((p) => [p.questionId, judgement(p.answer)])) : undefined,
  };
}

function oracleResults(study: Pick<Study<ValidationConfig>, "n" | "unitType" | "config">, data: StudyData, method: "majority" | "dawid-skene" = "majority"): OracleResults {
  const config = study.config;
  const allChecks = data.units.map((u) => ({ unitId: u.id, checks: unitChecks(config, config.answerKey ? u.questions : []) }));
  const ds = method === "dawid-skene" ? dawidSkeneConsensus(allChecks, data.responses) : null;
  const votesByUnit = new Map<string, StudyData["responses"]>();
  for (const r of data.responses) {
    if (!votesByUnit.has(r.unitId)) votesByUnit.set(r.unitId, []);
    votesByUnit.get(r.unitId)!.push(r);
  }

  const units: UnitRow[] = data.units.map((u) => {
    const checks = unitChecks(config, config.answerKey ? u.questions : []);
    const votes = votesByUnit.get(u.id) ?? [];
    const adjudications = Object.fromEntries(Object.entries(data.adjudications.get(u.id) ?? {}).map(([k, v]) => [k, v.decision]));
    const decision = decideUnit({
      checks,
      votes,
      n: study.n,
      unitType: study.unitType === "context" ? "context" : "question",
      questionIds: u.questions.map((q) => q.id),
      config,
      adjudications,
      llm: data.llm,
      ...(ds ? { consensus: ds.byUnit.get(u.id) ?? {} } : {}),
    });
    return { unitId: u.id, ordinal: u.ordinal, title: u.title, submitted: votes.length, live: u.live, checks, decision };
  });

  const decisions = { incomplete: 0, keep: 0, reject: 0, needs_review: 0 };
  for (const u of units) decisions[u.decision.status]++;

  // agreement with the majority of the OTHERS (a participant's own vote never props it up), over
  // checks at least 2 others answered; the number of units it rests on goes with it
  const ratings = data.responses.flatMap((r) => Object.entries(r.answers).map(([key, label]) => ({ unit: `${r.unitId}|${key}`, rater: r.participantId, label })));
  const agreeing = new Map(leaveOneOutAgreement(encodeRatings(ratings)).map((a) => [a.rater, a]));
  const answeredBy = new Map<string, number>();
  for (const r of data.responses) answeredBy.set(r.unitId, (answeredBy.get(r.unitId) ?? 0) + 1);
  const restsOn = new Map<string, number>();
  for (const r of data.responses) if ((answeredBy.get(r.unitId) ?? 0) >= 3) restsOn.set(r.participantId, (restsOn.get(r.participantId) ?? 0) + 1);

  const queue: OracleResults["queue"] = [];
  for (const u of units) {
    if (u.submitted < study.n) continue;
    for (const check of u.checks) {
      const r = u.decision.checks[check.key]!;
      if (r.adjudicated !== null || r.unanimous) continue;
      queue.push({ unitId: u.unitId, ordinal: u.ordinal, title: u.title, check: check.key, prompt: check.questionPrompt ? `${check.questionPrompt} — ${check.prompt}${check.subject ? ` (${check.subject})` : ""}` : check.prompt, counts: r.counts, reason: r.tie ? "tie" : "disagreement" });
    }
  }
  queue.sort((a, b) => (a.reason === b.reason ? a.ordinal - b.ordinal : a.reason === "tie" ? -1 : 1));

  const common = commonResults(study, data.units, data.responses);
  return {
    aggregation: { method, fits: ds?.fits ?? [] },
    // the column names and reason words are not figures: the results' own
    ...validationNames(config),
    progress: common.progress,
    decisions,
    agreement: checkAgreement(config, units, data.responses),
    participants: common.participants.map((p) => {
      const a = agreeing.get(p.participantId);
      return { ...p, agreementWithMajority: a?.rate ?? null, agreementUnits: a?.rate === null || !a ? 0 : (restsOn.get(p.participantId) ?? 0) };
    }),
    units,
    queue,
  };
}

// ---- randomized studies ----

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
  const figures = await figuresOf({ client: pool(), study }, expectedPeople.map((p) => p.participantId));
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

