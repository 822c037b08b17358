import { setImmediate as nextTurn } from "node:timers/promises";
import { counted } from "@/lib/designs/counted";
import { commonResults, readCommon, readUnits, readValidResponses, type CommonResults, type UnitRow as BaseUnit } from "@/lib/designs/read";
import { declaredFamilies, type AdjudicationItem, type AgreementFigures, type DesignResults, type ReadCtx, type Study, type UnitDecision } from "@/lib/designs/types";
import { talliesOf, type UnitTallies, type Vote } from "@/lib/designs/validation/aggregate";
import { decideStudyUnit, queuedChecks } from "@/lib/designs/validation/decide";
import { agreementFromCounts, checkAgreement, familyOfKey } from "@/lib/designs/validation/agreement";
import { unitChecks, type Check, type UnitQuestion } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { readCheckQuestions, readLlmJudgements } from "@/lib/designs/validation/inputs";
import { ANSWER_KEY_FAMILY, validationFamilies } from "@/lib/designs/validation/families";
import { dawidSkeneConsensus, type FamilyFit } from "@/lib/designs/validation/dawid-skene";

// The researcher's dashboard for a validation study: votes and decisions per unit and check,
// agreement per check, per-participant figures, and the adjudication queue.
//
// Under the majority rule everything follows from vote counts per unit × check × label, which
// triggers keep per unit (UnitTally, the migration 20261128020000_unit_tallies) as answers arrive and
// stop counting; no response or vote is loaded.
// Dawid–Skene is iterative over every vote, so that aggregation loads the valid responses.

export interface UnitRow {
  unitId: string;
  ordinal: number;
  title: string | null;
  submitted: number;
  live: number;
  checks: Check[];
  decision: UnitDecision;
}

export interface ValidationResults extends DesignResults {
  aggregation: { method: "majority" | "dawid-skene"; fits: FamilyFit[] };
  voteColumns: { key: string; label: string }[];
  itemColumn: string | null;
  reasonLabels: Record<string, string>;
  decisions: Record<UnitDecision["status"], number>;
  agreement: { check: string; label: string; figures: AgreementFigures }[];
  units: UnitRow[];
  queue: AdjudicationItem[];
}

export interface LoadedResponse extends Vote {
  id: string;
  unitId: string;
  pseudonym: string;
  externalId: string | null;
  comment: string | null;
  seconds: number | null;
  submittedAt: Date;
}

export interface StudyData {
  /** `questions`: what the answer-key checks show of them (only with an answer key) */
  units: (BaseUnit & { questions: UnitQuestion[] })[];
  /** vote counts per unit, and valid answers per unit */
  tallies: Map<string, UnitTallies>;
  submitted: Map<string, number>;
  common: CommonResults;
  /** distinct raters per agreement family (each flag, "label", "answer_key") */
  raters: Map<string, number>;
  /** every valid response: only when the figures need them (Dawid–Skene; a family of exactly two raters, for Cohen's κ) */
  responses?: LoadedResponse[];
  adjudications: Map<string, Record<string, { decision: string; reason: string; actorId: string | null; at: Date }>>;
  llm: Record<string, boolean | null> | undefined;
}

type Adjudications = StudyData["adjudications"];

async function readShared({ client, study }: ReadCtx<ValidationConfig>) {
  const [units, questions, adjudications, llm] = await Promise.all([
    readUnits(client, study.id),
    readCheckQuestions(client, study),
    client.query<{ unitId: string; check: string; decision: string; reason: string; actorId: string | null; createdAt: Date }>(
      `SELECT "unitId", "check", decision, reason, "actorId", "createdAt" FROM "Adjudication" WHERE "studyId" = $1 ORDER BY "createdAt", id`,
      [study.id],
    ),
    readLlmJudgements(client, study),
  ]);
  const adj: Adjudications = new Map();
  for (const a of adjudications.rows) {
    const perUnit = adj.get(a.unitId) ?? {};
    perUnit[a.check] = { decision: a.decision, reason: a.reason, actorId: a.actorId, at: a.createdAt }; // newest wins
    adj.set(a.unitId, perUnit);
  }
  return {
    units: units.map((u) => ({ ...u, questions: u.questionIds.flatMap((id) => questions.get(id) ?? []) })),
    adjudications: adj,
    llm,
  };
}

async function readResponses({ client, study }: ReadCtx<ValidationConfig>): Promise<LoadedResponse[]> {
  return (await readValidResponses(client, study)).map((r) => {
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
  });
}

/** Everything from every valid response, in JavaScript (Dawid–Skene needs each vote). */
export async function loadValidationData(ctx: ReadCtx<ValidationConfig>): Promise<StudyData> {
  const [shared, responses] = await Promise.all([readShared(ctx), readResponses(ctx)]);
  const byUnit = new Map<string, LoadedResponse[]>();
  for (const r of responses) byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), r]);
  const raterSets = new Map<string, Set<string>>();
  for (const r of responses) {
    for (const key of Object.keys(r.answers)) {
      const f = familyOfKey(key);
      if (!raterSets.has(f)) raterSets.set(f, new Set());
      raterSets.get(f)!.add(r.participantId);
    }
  }
  return {
    ...shared,
    tallies: new Map([...byUnit].map(([id, votes]) => [id, talliesOf(votes)])),
    submitted: new Map([...byUnit].map(([id, votes]) => [id, votes.length])),
    common: commonResults(ctx.study, shared.units, responses),
    raters: new Map([...raterSets].map(([f, s]) => [f, s.size])),
    responses,
  };
}

/** Distinct raters of each family the agreement reports: per participant, the first counted answer
 *  holding a key of the family (a participant index probe; every check of a unit is answered, so it is
 *  found at once), not every answer's keys; a key's family as familyOfKey (agreement.ts) has it. */
export async function readRaters({ client, study, notCounted }: ReadCtx<ValidationConfig>): Promise<Map<string, number>> {
  const { rows } = await client.query<{ family: string; n: number }>(
    `SELECT f.family, count(*)::int AS n
     FROM "Participant" p CROSS JOIN unnest($2::text[]) AS f(family)
     CROSS JOIN LATERAL (
       SELECT 1 FROM "Response" r
       WHERE r."participantId" = p.id AND r."studyId" = $1 AND ${counted("r", "$1", notCounted)}
         AND CASE WHEN f.family = '${ANSWER_KEY_FAMILY}'
                  THEN EXISTS (SELECT 1 FROM jsonb_object_keys(coalesce(r.payload -> 'answers', '{}'::jsonb)) k WHERE k NOT LIKE 'flag:%' AND k <> 'label')
                  ELSE coalesce(r.payload -> 'answers', '{}'::jsonb) ? f.family END
       LIMIT 1) x
     WHERE p."studyId" = $1
     GROUP BY 1`,
    [study.id, declaredFamilies(validationFamilies(study.config)).map((f) => f.key)],
  );
  return new Map(rows.map((r) => [r.family, r.n]));
}

/** The counts the majority rule needs, aggregated in PostgreSQL. */
export async function loadValidationCounts(ctx: ReadCtx<ValidationConfig>): Promise<StudyData> {
  const { client, study, notCounted } = ctx;
  // the tallies need nothing else: they start at once, beside the units (which the progress needs)
  const shared = readShared(ctx);
  const tallied = client.query<{ unitId: string; responses: number; votes: Record<string, Record<string, number>> }>(
    `SELECT "unitId", responses, votes FROM "UnitTally" WHERE "studyId" = $1 AND responses > 0`,
    [study.id],
  );
  const [counts, raterCounts, common, { units, adjudications, llm }] = await Promise.all([
    // what counts of each unit's answers (answers, and votes per check and label), kept by triggers
    tallied,
    readRaters(ctx),
    readCommon(
      client,
      study,
      shared.then((s) => s.units),
      { notCounted, perUnit: tallied.then((t) => new Map(t.rows.map((u) => [u.unitId, u.responses]))) },
    ),
    shared,
  ]);
  const tallies = new Map<string, UnitTallies>();
  for (const [i, c] of counts.rows.entries()) {
    if (i % TURN_EVERY_UNITS === TURN_EVERY_UNITS - 1) await nextTurn();
    tallies.set(c.unitId, new Map(Object.entries(c.votes)));
  }
  // Cohen's κ (its note) needs who rated what: with exactly two raters the ratings are read
  const responses = [...raterCounts.values()].includes(2) ? await readResponses(ctx) : undefined;
  return {
    units,
    adjudications,
    llm,
    tallies,
    submitted: common.submitted,
    common: { progress: common.progress, participants: common.participants },
    raters: raterCounts,
    ...(responses ? { responses } : {}),
  };
}

export async function validationResults(ctx: ReadCtx<ValidationConfig>): Promise<ValidationResults> {
  const method = ctx.aggregation ?? "majority";
  const data = method === "dawid-skene" ? await loadValidationData(ctx) : await loadValidationCounts(ctx);
  return computeResults(ctx.study, data, method);
}

/** How the units table heads its columns and words the decision reasons. */
export function validationNames(config: ValidationConfig): Pick<ValidationResults, "voteColumns" | "itemColumn" | "reasonLabels"> {
  const flags = config.contextChecks?.flags ?? [];
  const labels = config.labelJudgement?.labels ?? [];
  return {
    voteColumns: [...flags.map((f) => ({ key: `flag:${f.key}`, label: f.label })), ...(config.labelJudgement ? [{ key: "label", label: "Label judgement" }] : [])],
    itemColumn: config.answerKey ? "Answer key" : null,
    reasonLabels: {
      answer_key: "answer key judged wrong",
      broken: "question judged broken or ambiguous",
      llm_judge: "LLM judge did not agree",
      "label:tie": "label tied",
      ...Object.fromEntries(flags.map((f) => [`flag:${f.key}`, `flagged ${f.label}`])),
      ...Object.fromEntries(labels.map((l) => [`label:${l.key}`, `label ${l.label}`])),
    },
  };
}

/** A unit's checks waiting in the adjudication queue, as the queue lists them (ties first, then by
 *  ordinal, is the queue's order). */
export function queueItems(n: number, u: Pick<UnitRow, "unitId" | "ordinal" | "title" | "submitted" | "checks" | "decision">): AdjudicationItem[] {
  return queuedChecks(n, u.submitted, u.checks, u.decision).map((check) => {
    const r = u.decision.checks[check.key]!;
    const prompt = check.questionPrompt ? `${check.questionPrompt} — ${check.prompt}${check.subject ? ` (${check.subject})` : ""}` : check.prompt;
    return { unitId: u.unitId, ordinal: u.ordinal, title: u.title, check: check.key, prompt, counts: r.counts, reason: r.tie ? "tie" : "disagreement" };
  });
}

// A results call at a million answers decides 50,000 units in seconds of JavaScript; the server
// gives other requests (participants' submits) a turn every so many units instead of holding them
// for all of it.
const TURN_EVERY_UNITS = 2_000;

export async function computeResults(study: Pick<Study<ValidationConfig>, "n" | "unitType" | "config">, data: StudyData, method: "majority" | "dawid-skene" = "majority"): Promise<ValidationResults> {
  const config = study.config;
  const allChecks = data.units.map((u) => ({ unitId: u.id, checks: unitChecks(config, u.questions) }));
  const ds = method === "dawid-skene" ? dawidSkeneConsensus(allChecks, data.responses ?? []) : null;

  const units: UnitRow[] = [];
  for (const [i, u] of data.units.entries()) {
    if (i % TURN_EVERY_UNITS === TURN_EVERY_UNITS - 1) await nextTurn();
    const checks = allChecks[i]!.checks;
    const submitted = data.submitted.get(u.id) ?? 0;
    const decision = decideStudyUnit(
      study,
      { questionIds: u.questionIds, checks, tallies: data.tallies.get(u.id), submitted, adjudicated: data.adjudications.get(u.id) },
      data.llm,
      ds ? (ds.byUnit.get(u.id) ?? {}) : undefined,
    );
    units.push({ unitId: u.id, ordinal: u.ordinal, title: u.title, submitted, live: u.live, checks, decision });
  }
  await nextTurn();

  const decisions = { incomplete: 0, keep: 0, reject: 0, needs_review: 0 };
  for (const u of units) decisions[u.decision.status]++;

  const queue = units.flatMap((u) => queueItems(study.n, u));
  queue.sort((a, b) => (a.reason === b.reason ? a.ordinal - b.ordinal : a.reason === "tie" ? -1 : 1));
  await nextTurn();

  return {
    aggregation: { method, fits: ds?.fits ?? [] },
    ...validationNames(config),
    progress: data.common.progress,
    decisions,
    agreement: data.responses ? checkAgreement(config, units, data.responses) : agreementFromCounts(config, units, data.tallies, data.raters),
    // agreement with the others' majority per participant: participantFigures (a page at a time)
    participants: data.common.participants,
    units,
    queue,
  };
}
