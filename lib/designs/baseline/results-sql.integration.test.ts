import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";
import { resultsSummary, studyOverview, studyResults, studySummary } from "@/lib/studies/results";
import { studyReport } from "@/lib/studies/report";
import { baselineReport } from "@/lib/designs/baseline/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { participantsPage, participantsQuery } from "@/lib/studies/tables";
import { addParticipants, answer, fate, pick, randomDataset, researcher, rng, shuffled, type Rng } from "@/tests/support/random-study";
import { sortValues } from "@/lib/benchmarks/report";
import type { BenchmarkSummary, ScoredItem, ScoringContext, ScoringQuestion } from "@/lib/benchmarks/scoring";
import { scorePrediction } from "@/lib/benchmarks/prediction";
import { commonResults, median, readUnitQuestions, readUnits } from "@/lib/designs/read";
import type { DesignResults, ReadCtx } from "@/lib/designs/types";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import { scorerOf, viewAt } from "@/lib/designs/baseline/scorer";
import { scoringQuestion } from "@/lib/datasets/questions";
import { storeVerdicts } from "@/lib/datasets/verdicts";
import { mcnemar, pairedDiffProportions } from "@/lib/metrics";
import { groupGaps, revisions, type GroupGap, type GroupStageRow, type Revisions } from "@/lib/designs/baseline/groups";
import { row, type AccuracyRow, type AnswerRow } from "@/lib/designs/baseline/rows";

// Baseline results aggregated in PostgreSQL against the former JavaScript computation (the oracle
// below: every scored answer loaded and tallied one by one) on randomized studies with five
// models, subsets, unscored, voided and expired answers, and a staged study with groups. The
// oracle lives here, with its only user, not in lib/.

// ---- the oracle: the former computation ----

// Human accuracy, in the benchmark's own terms: per question type and per sampling stratum with
// Wilson intervals, per participant, and beside every model with imported predictions on the same
// questions (human − model with Newcombe's paired interval, and an exact McNemar test paired by
// question). Every figure follows from the scored-responses export.

interface ModelRow {
  model: string;
  /** questions the model answered among those with a scored human answer */
  n: number;
  accuracy: number | null;
  humanAccuracy: number | null;
  /** human − model accuracy on those questions, paired by question */
  diff: number | null;
  diffCi95: [number, number] | null;
  mcnemarP: number | null;
}

interface BaselineReport {
  byType: AccuracyRow[];
  /** groups and stages (CharToM-QA's readers and non-readers, c0 then c2000) */
  byGroupStage?: GroupStageRow[];
  groupGap?: GroupGap[];
  revisions?: Revisions[];
  /** tagged subsets (e.g. indirect = true) as their own group × stage rows */
  subsets?: { tag: string; value: string; rows: GroupStageRow[] }[];
  /** models per stage view, for staged studies (each stage's view is a window models were also given) */
  modelsByStage?: { stage: number; view: string | null; models: ModelRow[] }[];
  byStratum: AccuracyRow<Record<string, string>>[];
  sets?: { all: number | null; allStar: number | null; n: number };
  models: ModelRow[];
  byParticipant: { participant: string; units: number; n: number; correct: number; accuracy: number | null; medianSeconds: number | null }[];
}

interface OracleBaselineResults extends DesignResults, BaselineReport {
  benchmark: string;
  view: string | null;
  summary: BenchmarkSummary;
}

/** Counts of scored answers per key, in first-seen order. */
function tally<K>(answers: readonly AnswerRow[], keyOf: (a: AnswerRow) => K | null): Map<string, { key: K; n: number; correct: number }> {
  const out = new Map<string, { key: K; n: number; correct: number }>();
  for (const a of answers) {
    if (a.correct === null) continue;
    const key = keyOf(a);
    if (key === null) continue;
    const id = JSON.stringify(key);
    const t = out.get(id) ?? { key, n: 0, correct: 0 };
    t.n++;
    if (a.correct) t.correct++;
    out.set(id, t);
  }
  return out;
}

async function readAnswers({ client, study }: ReadCtx<BaselineConfig>): Promise<AnswerRow[]> {
  const { rows } = await client.query<AnswerRow>(
    `SELECT s."questionId", s."participantId", p.pseudonym, s.stage, a."group", s.correct, s.graded, s.normalized, s.ms
     FROM "ScoredAnswer" s JOIN "Assignment" a ON a.id = s."assignmentId" JOIN "Participant" p ON p.id = s."participantId"
     WHERE s."studyId" = $1 AND a.status = 'submitted' ORDER BY s."responseId", s."questionId"`,
    [study.id],
  );
  return rows;
}

/** Every model's predictions on the study's questions, read as the benchmark reads them. */
async function modelRows(
  { client }: ReadCtx<BaselineConfig>,
  questions: Map<string, ScoringQuestion>,
  finalAnswers: readonly AnswerRow[],
  score: (q: ScoringQuestion, raw: unknown) => boolean | null,
  view: ScoringContext,
): Promise<ModelRow[]> {
  const ids = [...new Set(finalAnswers.map((a) => a.questionId))];
  if (ids.length === 0) return [];
  const { rows } = await client.query<{ questionId: string; model: string; view: string; answer: unknown }>(
    `SELECT "questionId", model, view, answer FROM "ModelPrediction" WHERE "questionId" = ANY($1::uuid[]) ORDER BY model`,
    [ids],
  );
  // a prediction made under the study's view wins over one that names no view
  const byModel = new Map<string, Map<string, boolean>>();
  for (const p of rows) {
    if (p.view !== "" && p.view !== (view.view ?? "")) continue;
    const q = questions.get(p.questionId);
    const correct = q ? score(q, p.answer) : null;
    if (correct === null) continue;
    const perQuestion = byModel.get(p.model) ?? new Map<string, boolean>();
    if (!perQuestion.has(p.questionId) || p.view !== "") perQuestion.set(p.questionId, correct);
    byModel.set(p.model, perQuestion);
  }
  const scoredQuestions = new Set(finalAnswers.filter((a) => a.correct !== null).map((a) => a.questionId));
  return [...byModel.entries()].flatMap(([model, all]) => {
    // only questions with a scored human answer: the model is compared on the humans' questions
    const perQuestion = new Map([...all].filter(([id]) => scoredQuestions.has(id)));
    if (perQuestion.size === 0) return [];
    // pairs: each scored human answer to a question the model answered, with the model's verdict on it
    const pairs = finalAnswers.filter((a) => a.correct !== null && perQuestion.has(a.questionId));
    const t = { both: 0, firstOnly: 0, secondOnly: 0, neither: 0 };
    for (const a of pairs) {
      const m = perQuestion.get(a.questionId)!;
      if (a.correct && m) t.both++;
      else if (a.correct) t.firstOnly++;
      else if (m) t.secondOnly++;
      else t.neither++;
    }
    const modelCorrect = [...perQuestion.values()].filter(Boolean).length;
    const d = pairedDiffProportions(t);
    const p = mcnemar(t.firstOnly, t.secondOnly, "exact");
    return {
      model,
      n: perQuestion.size,
      accuracy: perQuestion.size ? modelCorrect / perQuestion.size : null,
      humanAccuracy: pairs.length ? (t.both + t.firstOnly) / pairs.length : null,
      diff: d.value,
      diffCi95: d.value === null ? null : [d.lower, d.upper],
      mcnemarP: p.value,
    };
  });
}

async function oracleBaselineResults(ctx: ReadCtx<BaselineConfig>): Promise<OracleBaselineResults> {
  const { study } = ctx;
  const [units, answers, { benchmark, scoring }] = await Promise.all([readUnits(ctx.client, study.id), readAnswers(ctx), scorerOf(ctx.client, study)]);
  const stored = await readUnitQuestions(ctx.client, units);
  const questions = new Map([...stored.values()].map((q) => [q.id, scoringQuestion(q)]));
  const stratumOf = new Map(units.flatMap((u) => u.questionIds.map((id) => [id, u.stratum] as const)));
  const stages = Math.max(1, study.settings.stages.length);
  const view = viewAt(study, stages);
  // the figures are the final stage's answers; earlier stages are the revision analysis
  const final = answers.filter((a) => a.stage === stages);

  const types = tally(final, (a) => scoring.typeOf(questions.get(a.questionId)!, view));
  const byType = sortValues([...types.keys()].map((k) => JSON.parse(k) as string), scoring.typeOrder).map((k) => {
    const t = types.get(JSON.stringify(k))!;
    return row(k, t.correct, t.n);
  });
  const strata = tally(final, (a) => stratumOf.get(a.questionId) ?? null);
  const byStratum = [...strata.values()].sort((x, y) => JSON.stringify(x.key).localeCompare(JSON.stringify(y.key))).map((t) => row(t.key, t.correct, t.n));

  const items: ScoredItem[] = final.map((a) => ({
    question: questions.get(a.questionId)!,
    respondent: a.pseudonym,
    answer: a.normalized,
    score: { correct: a.correct, normalized: a.normalized, graded: a.graded },
    ...(a.group ? { group: a.group } : {}),
  }));
  const summary = scoring.summarize(items, view);
  const modelsAt = (stage: number) => {
    const v = viewAt(study, stage);
    return modelRows(ctx, questions, answers.filter((a) => a.stage === stage), (q, raw) => scorePrediction(scoring, q, raw, v).score.correct, v);
  };
  const models = await modelsAt(stages);
  const staged = stages > 1 || study.settings.groups !== null;
  const groupNames = study.settings.groups?.names ?? [];
  const viewName = (stage: number) => viewAt(study, stage).view;
  const tagOf = new Map([...stored.values()].map((q) => [q.id, q.tags]));
  const subsets = study.config.subsets.flatMap((tag) => {
    const values = [...new Set(answers.map((a) => tagOf.get(a.questionId)?.[tag]).filter((v) => v !== undefined && v !== null).map(String))].sort();
    return values.map((value) => ({ tag, value, rows: byGroupStage(answers.filter((a) => String(tagOf.get(a.questionId)?.[tag]) === value), viewName, groupNames) }));
  });
  const groupsAndStages = staged
    ? {
        byGroupStage: byGroupStage(answers, viewName, groupNames),
        groupGap: groupGaps(answers, groupNames, stages, viewName),
        revisions: stages > 1 ? revisions(answers, groupNames) : [],
        ...(stages > 1 ? { modelsByStage: await Promise.all(Array.from({ length: stages }, async (_, i) => ({ stage: i + 1, view: viewName(i + 1), models: await modelsAt(i + 1) }))) } : {}),
      }
    : {};

  const perParticipant = new Map<string, { pseudonym: string; n: number; correct: number; ms: number[] }>();
  for (const a of final) {
    const p = perParticipant.get(a.participantId) ?? { pseudonym: a.pseudonym, n: 0, correct: 0, ms: [] };
    if (a.correct !== null) {
      p.n++;
      if (a.correct) p.correct++;
    }
    if (a.ms !== null) p.ms.push(a.ms / 1000);
    perParticipant.set(a.participantId, p);
  }
  const responseRows = await ctx.client.query<{ unitId: string; participantId: string; pseudonym: string; externalId: string | null; seconds: number | null }>(
    `SELECT r."unitId", r."participantId", p.pseudonym, p."externalId",
            coalesce(r."durationMs" / 1000.0, extract(epoch FROM r."submittedAt" - a."leasedAt"))::float AS seconds
     FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" JOIN "Participant" p ON p.id = r."participantId"
     WHERE r."studyId" = $1 AND a.status = 'submitted' AND r.stage = $2`,
    [study.id, stages],
  );
  const common = commonResults(study, units, responseRows.rows);
  const unitsOf = new Map(common.participants.map((p) => [p.participantId, p]));

  return {
    ...common,
    benchmark,
    view: view.view,
    byType,
    byStratum,
    ...(summary.sets ? { sets: summary.sets } : {}),
    models,
    ...groupsAndStages,
    ...(subsets.length ? { subsets } : {}),
    byParticipant: [...perParticipant.entries()].map(([id, p]) => ({
      participant: p.pseudonym,
      units: unitsOf.get(id)?.units ?? 0,
      n: p.n,
      correct: p.correct,
      accuracy: p.n ? p.correct / p.n : null,
      medianSeconds: unitsOf.get(id)?.medianSeconds ?? median(p.ms),
    })),
    summary,
  };
}

const GROUPLESS = "(all)";

function byGroupStage(answers: readonly AnswerRow[], viewOf: (stage: number) => string | null, order: readonly string[]): GroupStageRow[] {
  const cells = new Map<string, { group: string; stage: number; n: number; correct: number }>();
  for (const a of answers) {
    if (a.correct === null) continue;
    const group = a.group ?? GROUPLESS;
    const id = `${group}\u0000${a.stage}`;
    const c = cells.get(id) ?? { group, stage: a.stage, n: 0, correct: 0 };
    c.n++;
    if (a.correct) c.correct++;
    cells.set(id, c);
  }
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
  return [...cells.values()]
    .sort((x, y) => rank(x.group) - rank(y.group) || x.group.localeCompare(y.group) || x.stage - y.stage)
    .map((c) => ({ ...row({ group: c.group, stage: c.stage }, c.correct, c.n), view: viewOf(c.stage) }));
}

// ---- randomized studies ----

const MODELS = ["m-alpha", "m-beta", "m-gamma", "m-delta", "m-eps"];

async function randomBaselineStudy(seed: number, opts: { staged: boolean }): Promise<Study<BaselineConfig>> {
  const r = rng(seed);
  const { actor, ownerId } = await researcher();
  const datasetId = await randomDataset(ownerId, 30);
  const staging = opts.staged
    ? { stages: [{ view: "main" }, { view: "main" }], groups: { names: ["read", "not_read"], perUnit: { read: 2, not_read: 2 }, balanceTolerance: 1, membership: { from: "url", param: "g" } } }
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
      // answers under a named view: the study's own wins over the one naming none; another view's never counts
      for (const view of ["main", "other"]) {
        if (r() < 0.3) await pool().query(`INSERT INTO "ModelPrediction" (id, "questionId", model, view, answer) VALUES (gen_random_uuid(), $1, $2, $3, $4)`, [u.questionId, model, view, JSON.stringify(pick(r, ["box", "basket", "bag", "no idea"]))]);
      }
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

async function edgeCases(study: Study<BaselineConfig>, staged: boolean, r: Rng): Promise<void> {
  const [leasing, early] = await addParticipants(study.id, 2);
  const base = Date.parse("2026-02-03T09:00:00Z");
  const { rows: idle } = await pool().query<{ id: string }>(
    `SELECT u.id FROM "StudyUnit" u WHERE u."studyId" = $1 AND NOT EXISTS (SELECT 1 FROM "Assignment" a WHERE a."unitId" = u.id) ORDER BY u.ordinal LIMIT 1`,
    [study.id],
  );
  expect(idle).toHaveLength(1);
  await answer({ r, studyId: study.id, unitId: idle[0]!.id, participantId: leasing!, status: "live", payloads: [], base });
  if (!staged) return;
  const { rows: any } = await pool().query<{ id: string; questionId: string }>(
    `SELECT id, "questionIds"[1] AS "questionId" FROM "StudyUnit" WHERE "studyId" = $1 AND id <> $2 ORDER BY ordinal LIMIT 1`,
    [study.id, idle[0]!.id],
  );
  await answer({ r, studyId: study.id, unitId: any[0]!.id, participantId: early!, status: "submitted", payloads: [{ answers: { [any[0]!.questionId]: "box" } }], base });
}

async function expectSummaries(study: Study<BaselineConfig>): Promise<void> {
  const results = (await studyResults(study)) as OracleBaselineResults;
  expect(await studySummary(study)).toEqual(resultsSummary(results));
  const overview = await studyOverview(study);
  expect(overview.results).toBeNull();
  expect(overview.summary).toEqual({ ...resultsSummary(results), byParticipant: results.byParticipant });
}

describe("baseline results aggregated in PostgreSQL equal the JavaScript computation", () => {
  for (const [seed, staged] of [[3, false], [17, false], [23, true]] as const) {
    it(`on a randomized ${staged ? "staged study with groups" : "study"} (seed ${seed}): five models, unscored and voided answers, subsets`, async () => {
      const study = await randomBaselineStudy(seed, { staged });
      const actual = (await studyResults(study)) as OracleBaselineResults;
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
      // the participants table's accuracy column: the oracle's per-participant counts
      const page = await participantsPage(study, participantsQuery.parse({ pageSize: 200 }));
      expect(page.total).toBe(expectedByParticipant.length);
      expectSameFigures(
        page.items.map((p) => ({ participant: p.pseudonym, n: p.n, correct: p.correct })).sort((a, b) => a.participant.localeCompare(b.participant)),
        byName(expectedByParticipant).map((p) => ({ participant: p.participant, n: p.n, correct: p.correct })),
        "participants page",
      );
      // `sally report` computes without the progress (and reads no question where the summary takes
      // classes): the very numbers the results give
      const { studyId: _id, design: _design, ...report } = await studyReport(study);
      expect(report).toEqual({ responses: actual.progress.responses, participants: actual.progress.participants, ...baselineReport(actual) });

      // the same figures once the verdicts are stored at import, with another version's (wrong) verdicts beside them
      expect(await storeVerdicts(pool(), study.datasetId)).toBeGreaterThan(0);
      await pool().query(
        `INSERT INTO "ModelVerdict" ("datasetId", view, version, "questionId", model, correct)
         SELECT "datasetId", view, version + 1, "questionId", model, NOT correct FROM "ModelVerdict" WHERE "datasetId" = $1`,
        [study.datasetId],
      );
      const stored = (await studyResults(study)) as OracleBaselineResults;
      expectSameFigures(stored.models, expected.models, "models (stored verdicts)");
      expectSameFigures(stored.modelsByStage, expected.modelsByStage, "modelsByStage (stored verdicts)");

      // the results API's summary and the overview's, read without the results' per-unit work; then with
      // every answer timed (the median from the durations index). First a unit with only a live lease (in
      // progress without an answer) and, staged, someone whose one counted answer is at stage 1 (not
      // among those who answered the final stage).
      await edgeCases(study, staged, rng(seed + 100));
      await expectSummaries(study);
      await pool().query(`UPDATE "Response" SET "durationMs" = 500 + (abs(hashtext(id::text)) % 90000) WHERE "studyId" = $1 AND "durationMs" IS NULL`, [study.id]);
      await expectSummaries(study);
    });
  }
});
