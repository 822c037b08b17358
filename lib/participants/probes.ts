import { seededShuffle } from "@/lib/benchmarks/random";
import { filterSql, type TagFilter } from "@/lib/datasets/tag-filter";
import { contextById, questionsByIds } from "@/lib/datasets/questions";
import { pool } from "@/lib/db/pool";
import { designOf, type Study, type Unit, type UnitView } from "@/lib/designs";
import { unitCtx } from "@/lib/designs/context";
import type { StudySettings } from "@/lib/designs/settings";

// Quality items a participant answers outside the study's units: a qualification test before
// any unit (k items from a pool, a pass threshold, at most 2 attempts), practice items with
// feedback, and, between units, attention checks (researcher-written instructions) and gold
// items (real items with known answers, never marked as such). Each is a Probe row; it is shown
// exactly like a task unit and answered through the same submit endpoint.

export type ProbePhase = "qualification" | "training" | "attention" | "gold";

export interface ProbeRow {
  id: string;
  phase: ProbePhase;
  attempt: number;
  questionId: string | null;
  attentionItem: number | null;
  answeredAt: Date | null;
  correct: boolean | null;
}

export interface ProbeState {
  status: string;
  consented: boolean;
  /** passed the qualification of a linked study (same external id or account) */
  qualifiedElsewhere: boolean;
  qualifiedAt: Date | null;
  done: number;
  held: boolean;
  probes: ProbeRow[];
}

export function usesProbes(settings: StudySettings): boolean {
  return Boolean(settings.qualification || settings.training || settings.attention || settings.gold);
}

export async function probeState(studyId: string, participantId: string, sharedWith: string[] = []): Promise<ProbeState | null> {
  const { rows } = await pool().query<ProbeState>(
    `SELECT p.status, p."qualifiedAt", p."consentedAt" IS NOT NULL AS consented,
            EXISTS (SELECT 1 FROM "Participant" o WHERE o."studyId" = ANY($3::uuid[]) AND o."qualifiedAt" IS NOT NULL
                    AND ((o."externalSource" = p."externalSource" AND o."externalId" = p."externalId") OR o."userId" = p."userId")) AS "qualifiedElsewhere",
            (SELECT count(*)::int FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'submitted') AS done,
            EXISTS (SELECT 1 FROM "Assignment" a WHERE a."participantId" = p.id AND a.status = 'live' AND a."expiresAt" > now()) AS held,
            coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'phase', x.phase, 'attempt', x.attempt, 'questionId', x."questionId",
                        'attentionItem', x."attentionItem", 'answeredAt', x."answeredAt", 'correct', x.correct) ORDER BY x."servedAt")
                      FROM "Probe" x WHERE x."participantId" = p.id), '[]') AS probes
     FROM "Participant" p WHERE p.id = $1 AND p."studyId" = $2`,
    [participantId, studyId, sharedWith],
  );
  return rows[0] ?? null;
}

/** The questions of a pool (a tag filter over the study's dataset), in the dataset's order. */
async function poolQuestions(study: Pick<Study, "datasetId">, filter: TagFilter): Promise<{ id: string; contextId: string }[]> {
  const f = filterSql(filter, 2);
  const { rows } = await pool().query<{ id: string; contextId: string }>(
    `SELECT q.id, q."contextId" FROM "Question" q WHERE q."datasetId" = $1${f.sql} ORDER BY q."recordIndex", q.position`,
    [study.datasetId, ...f.params],
  );
  return rows;
}

export interface ProbeCounts {
  failedAttention: number;
  goldAnswered: number;
  goldCorrect: number;
}

export function countsOf(probes: readonly ProbeRow[]): ProbeCounts {
  const answered = probes.filter((p) => p.answeredAt !== null);
  const gold = answered.filter((p) => p.phase === "gold" && p.correct !== null);
  return {
    failedAttention: answered.filter((p) => p.phase === "attention" && p.correct === false).length,
    goldAnswered: gold.length,
    goldCorrect: gold.filter((p) => p.correct).length,
  };
}

/** Qualification: answered attempts and whether they passed; the attempt under way, if any. */
export function qualificationProgress(settings: NonNullable<StudySettings["qualification"]>, probes: readonly ProbeRow[]) {
  const mine = probes.filter((p) => p.phase === "qualification");
  const attempts = new Map<number, ProbeRow[]>();
  for (const p of mine) attempts.set(p.attempt, [...(attempts.get(p.attempt) ?? []), p]);
  const finished: { attempt: number; score: number; passed: boolean }[] = [];
  let current = 1;
  for (const [attempt, items] of [...attempts.entries()].sort((a, b) => a[0] - b[0])) {
    const answered = items.filter((p) => p.answeredAt !== null);
    if (answered.length >= settings.k) {
      const score = answered.filter((p) => p.correct).length / settings.k;
      finished.push({ attempt, score, passed: score >= settings.passThreshold });
      current = attempt + 1;
    } else current = attempt;
  }
  return { finished, passed: finished.some((f) => f.passed), current, exhausted: !finished.some((f) => f.passed) && finished.length >= settings.attempts };
}

/** Which question probe to serve next from a pool: one the participant has not seen, drawn from a per-participant order. */
async function nextFromPool(study: Study, filter: TagFilter, participantId: string, seen: ReadonlySet<string>, salt: string): Promise<{ id: string; contextId: string } | null> {
  const candidates = await poolQuestions(study, filter);
  const order = seededShuffle(candidates, `${participantId}:${salt}`);
  return order.find((q) => !seen.has(q.id)) ?? order[0] ?? null;
}

export type ProbePlan = { phase: ProbePhase; attempt: number; questionId: string | null; attentionItem: number | null } | null;

/** What the participant answers next if it is a quality item (null: a task unit, or nothing). */
export async function planProbe(study: Study, participantId: string, state: ProbeState): Promise<ProbePlan | "failed_qualification"> {
  const s = study.settings;
  const seen = new Set(state.probes.flatMap((p) => (p.questionId ? [p.questionId] : [])));
  if (s.qualification && !state.qualifiedAt) {
    const q = qualificationProgress(s.qualification, state.probes);
    if (q.exhausted) return "failed_qualification";
    if (!q.passed) {
      const item = await nextFromPool(study, s.qualification.filter, participantId, seen, `qualification:${q.current}`);
      if (item) return { phase: "qualification", attempt: q.current, questionId: item.id, attentionItem: null };
    }
  }
  if (s.training) {
    const practised = state.probes.filter((p) => p.phase === "training").length;
    if (practised < s.training.k) {
      const item = await nextFromPool(study, s.training.filter, participantId, seen, "training");
      if (item) return { phase: "training", attempt: 1, questionId: item.id, attentionItem: null };
    }
  }
  if (state.held || state.done === 0) return null;
  // none after the participant's last unit: it would come after the work, and a failed attention
  // check there voided everything they had answered
  if (study.maxUnitsPerParticipant !== null && state.done >= study.maxUnitsPerParticipant) return null;
  // between units: every `every` units, the items due so far
  if (s.attention) {
    const served = state.probes.filter((p) => p.phase === "attention").length;
    if (served < Math.floor(state.done / s.attention.every)) return { phase: "attention", attempt: 1, questionId: null, attentionItem: served % s.attention.items.length };
  }
  if (s.gold) {
    const served = state.probes.filter((p) => p.phase === "gold").length;
    if (served < Math.floor(state.done / s.gold.every)) {
      const item = await nextFromPool(study, s.gold.filter, participantId, seen, "gold");
      if (item) return { phase: "gold", attempt: 1, questionId: item.id, attentionItem: null };
    }
  }
  return null;
}

/** Records the probe as served (one open probe per participant; a racing second one is the first). */
export async function serveProbe(studyId: string, participantId: string, plan: NonNullable<ProbePlan>): Promise<ProbeRow> {
  const { rows } = await pool().query<ProbeRow>(
    `INSERT INTO "Probe" (id, "studyId", "participantId", phase, attempt, "questionId", "attentionItem")
     VALUES (gen_random_uuid(), $1, $2, $3::"ProbePhase", $4, $5, $6)
     ON CONFLICT ("participantId") WHERE "answeredAt" IS NULL DO NOTHING
     RETURNING id, phase, attempt, "questionId", "attentionItem", "answeredAt", correct`,
    [studyId, participantId, plan.phase, plan.attempt, plan.questionId, plan.attentionItem],
  );
  return rows[0] ?? (await openProbe(participantId))!;
}

export async function openProbe(participantId: string): Promise<ProbeRow | null> {
  const { rows } = await pool().query<ProbeRow>(
    `SELECT id, phase, attempt, "questionId", "attentionItem", "answeredAt", correct FROM "Probe" WHERE "participantId" = $1 AND "answeredAt" IS NULL`,
    [participantId],
  );
  return rows[0] ?? null;
}

export const ATTENTION_KEY = "attention";

/** The unit a probe is shown as: a question probe as a unit of that one question; an attention
 *  check as one of the study's own units, its answerable part replaced by the instruction. */
export async function probeView(study: Study, probe: ProbeRow): Promise<UnitView> {
  const design = designOf(study.design);
  const client = pool();
  if (probe.questionId) {
    const [q] = await questionsByIds(client, [probe.questionId]);
    const unit: Unit = { id: probe.id, ordinal: 0, contextId: q!.contextId, questionId: q!.id, questionIds: [q!.id], model: null, stratum: null };
    return design.view(unitCtx({ client, study, unit, assignmentId: probe.id, questions: [q!], context: await contextById(client, q!.contextId) }));
  }
  const item = study.settings.attention!.items[probe.attentionItem ?? 0]!;
  const { rows } = await client.query<Unit>(
    `SELECT id, ordinal, "contextId", "questionId", "questionIds", model, stratum FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY tiebreak LIMIT 1`,
    [study.id],
  );
  const borrowed = await design.view(unitCtx({ client, study, unit: rows[0]!, assignmentId: probe.id }));
  const options = item.options.map((label, i) => ({ value: String(i), label }));
  return borrowed.checks.length > 0
    ? { ...borrowed, questions: [], checks: [{ key: ATTENTION_KEY, prompt: item.prompt, options }], commentAllowed: false }
    : { ...borrowed, rating: undefined, questions: [{ id: probe.id, kind: "single_choice", prompt: item.prompt, options: item.options, answer: true }], checks: [] };
}
