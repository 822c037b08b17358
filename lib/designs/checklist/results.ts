import type { StoredQuestion } from "@/lib/datasets/questions";
import { commonResults, readUnitQuestions, readUnits, readValidResponses, type UnitRow } from "@/lib/designs/read";
import type { AdjudicationItem, DesignResults, ReadCtx, Study, UnitDecision, VoteUnit } from "@/lib/designs/types";
import { criterionPasses, decideUnit, type CriterionTally, type Review } from "@/lib/designs/checklist/aggregate";
import { criterionAgreement, type CriterionAgreement } from "@/lib/designs/checklist/agreement";
import type { ChecklistConfig } from "@/lib/designs/checklist/config";
import { criteriaOf, passes, type Criterion } from "@/lib/designs/checklist/criteria";
import { accuracy } from "@/lib/metrics";

// The researcher's view of a checklist review: reviews and decisions per unit and criterion
// (the vote-based shape the units table, adjudication queue and agreement table render), per
// criterion the pass rate with a Wilson interval and agreement, and the items failing any
// criterion as a list to fix or drop.

export interface CriterionSummary {
  key: string;
  checklist: string;
  prompt: string;
  /** units whose criterion is decided (by majority or adjudication) */
  decided: number;
  passed: number;
  failed: number;
  /** complete units whose reviewers split evenly and no one has adjudicated */
  ties: number;
  passRate: number | null;
  ci95: [number, number] | null;
  cohenKappa: number | null;
  fleissKappa: number | null;
  krippendorffAlpha: number | null;
  gwetAC1: number | null;
  percentAgreement: number | null;
  notes: string[];
}

export interface FailingItem {
  unitId: string;
  ordinal: number;
  title: string | null;
  /** the criteria that failed (or tied, under a reject tie policy) */
  criteria: string[];
  questions: { id: string; sourceId: string; recordIndex: number; position: number }[];
}

export interface ChecklistResults extends DesignResults {
  voteColumns: { key: string; label: string }[];
  itemColumn: null;
  reasonLabels: Record<string, string>;
  decisions: Record<UnitDecision["status"], number>;
  agreement: CriterionAgreement[];
  participants: (DesignResults["participants"][number] & { agreementWithMajority: number | null })[];
  units: (VoteUnit & { decision: UnitDecision & { checks: Record<string, CriterionTally> } })[];
  queue: AdjudicationItem[];
  criteria: CriterionSummary[];
  failing: FailingItem[];
}

export interface ChecklistData {
  units: (UnitRow & { questions: StoredQuestion[] })[];
  reviews: (Review & { unitId: string; pseudonym: string; externalId: string | null; seconds: number | null })[];
  adjudications: Map<string, Record<string, string>>;
}

export async function loadChecklistData({ client, study }: ReadCtx<ChecklistConfig>): Promise<ChecklistData> {
  const [units, responses, adjudications] = await Promise.all([
    readUnits(client, study.id),
    readValidResponses(client, study),
    client.query<{ unitId: string; check: string; decision: string }>(
      `SELECT "unitId", "check", decision FROM "Adjudication" WHERE "studyId" = $1 ORDER BY "createdAt", id`,
      [study.id],
    ),
  ]);
  const questions = await readUnitQuestions(client, units);
  const adj = new Map<string, Record<string, string>>();
  // newest wins
  for (const a of adjudications.rows) adj.set(a.unitId, { ...(adj.get(a.unitId) ?? {}), [a.check]: a.decision });
  return {
    units: units.map((u) => ({ ...u, questions: u.questionIds.flatMap((id) => questions.get(id) ?? []) })),
    reviews: responses.map((r) => ({
      unitId: r.unitId,
      participantId: r.participantId,
      answers: (r.payload as { answers?: Record<string, string> }).answers ?? {},
      pseudonym: r.pseudonym,
      externalId: r.externalId,
      seconds: r.seconds,
    })),
    adjudications: adj,
  };
}

export function computeChecklistResults(study: Pick<Study<ChecklistConfig>, "n" | "config">, data: ChecklistData): ChecklistResults {
  const criteria = criteriaOf(study.config);
  const reviewsByUnit = new Map<string, ChecklistData["reviews"]>();
  for (const r of data.reviews) reviewsByUnit.set(r.unitId, [...(reviewsByUnit.get(r.unitId) ?? []), r]);

  const units = data.units.map((u) => {
    const reviews = reviewsByUnit.get(u.id) ?? [];
    const decision = decideUnit({
      criteria,
      reviews,
      n: study.n,
      questionIds: u.questionIds,
      tiePolicy: study.config.rule.tiePolicy,
      adjudications: data.adjudications.get(u.id) ?? {},
    });
    const checks = criteria.map((c) => ({ key: c.key, prompt: c.prompt, options: c.options, kind: "criterion" }));
    return { unitId: u.id, ordinal: u.ordinal, title: u.title, submitted: reviews.length, live: u.live, checks, decision, questions: u.questions };
  });

  const decisions = { incomplete: 0, keep: 0, reject: 0, needs_review: 0 };
  for (const u of units) decisions[u.decision.status]++;
  const agreement = criterionAgreement(criteria, data.reviews, study.n);
  const common = commonResults(study, data.units, data.reviews);
  const concordance = agreementWithMajority(criteria, units, data.reviews);

  return {
    voteColumns: criteria.map((c) => ({ key: c.key, label: c.prompt })),
    itemColumn: null,
    reasonLabels: Object.fromEntries(criteria.map((c) => [c.key, `failed: ${c.prompt}`])),
    progress: common.progress,
    decisions,
    agreement,
    participants: common.participants.map((p) => ({ ...p, agreementWithMajority: concordance.get(p.participantId) ?? null })),
    units: units.map(({ questions: _q, ...u }) => u),
    queue: queueOf(criteria, units, study.n),
    criteria: criteria.map((c) => summarize(c, units, study.n, agreement.find((a) => a.check === c.key)!)),
    failing: units
      .filter((u) => u.decision.status === "reject")
      .map((u) => ({
        unitId: u.unitId,
        ordinal: u.ordinal,
        title: u.title,
        criteria: u.decision.reasons,
        questions: u.questions.map((q) => ({ id: q.id, sourceId: q.sourceId, recordIndex: q.recordIndex, position: q.position })),
      })),
  };
}

type DecidedUnit = { unitId: string; ordinal: number; title: string | null; submitted: number; decision: { checks: Record<string, CriterionTally> } };

function summarize(c: Criterion, units: DecidedUnit[], n: number, agreement: CriterionAgreement): CriterionSummary {
  let passed = 0;
  let failed = 0;
  let ties = 0;
  for (const u of units) {
    const t = u.decision.checks[c.key]!;
    if (u.submitted < n && t.adjudicated === null) continue;
    const p = criterionPasses(c, t);
    if (p === true) passed++;
    else if (p === false) failed++;
    else if (t.votes > 0) ties++;
  }
  const rate = accuracy(passed, passed + failed);
  const f = agreement.figures;
  return {
    key: c.key,
    checklist: c.checklist.title,
    prompt: c.prompt,
    decided: passed + failed,
    passed,
    failed,
    ties,
    passRate: rate.value,
    ci95: rate.value === null ? null : [rate.lower, rate.upper],
    cohenKappa: f.cohenKappa,
    fleissKappa: f.fleissKappa,
    krippendorffAlpha: f.krippendorffAlpha,
    gwetAC1: f.gwetAC1,
    percentAgreement: f.percentAgreement,
    notes: f.notes,
  };
}

/** Complete units whose reviewers split between passing and failing a criterion, ties first. */
function queueOf(criteria: Criterion[], units: DecidedUnit[], n: number): AdjudicationItem[] {
  const queue: AdjudicationItem[] = [];
  for (const u of units) {
    if (u.submitted < n) continue;
    for (const c of criteria) {
      const t = u.decision.checks[c.key]!;
      if (t.adjudicated !== null || t.passVotes === 0 || t.failVotes === 0) continue;
      queue.push({ unitId: u.unitId, ordinal: u.ordinal, title: u.title, check: c.key, prompt: `${c.checklist.title}: ${c.prompt}`, counts: t.counts, reason: t.tie ? "tie" : "disagreement" });
    }
  }
  return queue.sort((a, b) => (a.reason === b.reason ? a.ordinal - b.ordinal : a.reason === "tie" ? -1 : 1));
}

/** Per reviewer: the share of decided criteria where their pass/fail matches the majority's. */
function agreementWithMajority(criteria: Criterion[], units: DecidedUnit[], reviews: ChecklistData["reviews"]): Map<string, number> {
  const byUnit = new Map(units.map((u) => [u.unitId, u]));
  const tallies = new Map<string, { agree: number; compared: number }>();
  for (const r of reviews) {
    const t = tallies.get(r.participantId) ?? { agree: 0, compared: 0 };
    for (const c of criteria) {
      const majority = byUnit.get(r.unitId)?.decision.checks[c.key]?.majority;
      const mine = r.answers[c.key];
      if (majority == null || mine === undefined) continue;
      t.compared++;
      if (passes(c.answer, majority) === passes(c.answer, mine)) t.agree++;
    }
    tallies.set(r.participantId, t);
  }
  return new Map([...tallies].flatMap(([p, t]) => (t.compared ? [[p, t.agree / t.compared] as const] : [])));
}
