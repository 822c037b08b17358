import { leaseNext, returnLease, sweepThrottled, type GroupRule, type LeasedRow, type LeaseRequest } from "@/lib/assignment/lease";
import { submitResponse } from "@/lib/assignment/submit";
import type { StoredContext, StoredQuestion } from "@/lib/datasets/questions";
import { pool } from "@/lib/db/pool";
import { designOf, type Study, type UnitView } from "@/lib/designs";
import { unitCtx } from "@/lib/designs/context";
import { AppError } from "@/lib/errors";
import { outcomeCode } from "@/lib/participants/outcomes";
import { answerProbe } from "@/lib/participants/probe-answers";
import { planProbe, probeState, probeView, serveProbe, usesProbes } from "@/lib/participants/probes";
import { needsScreening, screenerView, type ScreenerView } from "@/lib/participants/screener";

// A participant's work: the next unit (the held one after a refresh), its answer, giving it
// back. The study's design decides what the unit shows and what an answer must be; leases and
// answers go through lib/assignment.

export interface Progress {
  done: number;
  total: number;
}

/** Everything a participant's browser receives about a unit: the design's whitelisted view plus the lease. */
export interface ParticipantUnit extends UnitView {
  assignmentId: string;
  expiresAt: string;
  /** how long the lease has left as the server sends it: the page counts down from this, so a
   *  participant's wrong device clock cannot move the warning */
  expiresInMs: number;
  phase: "qualification" | "training" | "task";
  stage: number;
  stages: number;
}

export type NextResult =
  | { status: "unit"; unit: ParticipantUnit; progress: Progress }
  /** the screener (and familiarity check) comes before the first unit */
  | { status: "screener"; screener: ScreenerView; progress: Progress }
  | { status: "done"; reason: "limit_reached" | "none_left" | "stopped"; progress: Progress; completionCode: string | null; redirectUrl: string | null }
  /** stopped by the study's rules: the completion code (and platform redirect) of that outcome */
  | { status: "failed_qualification" | "failed_attention" | "excluded" | "screened_out"; progress: Progress; completionCode: string | null; redirectUrl: string | null };

export function stagesOf(study: Study): number {
  return designOf(study.design).stages && study.settings.stages.length > 1 ? study.settings.stages.length : 1;
}

function progress(study: Study, units: number, done: number): Progress {
  const total = Math.min(study.maxUnitsPerParticipant ?? units, units);
  return { done, total: Math.max(total, done) };
}

function groupRule(study: Study): GroupRule | null {
  const g = study.settings.groups;
  if (!g) return null;
  const perItem = "tag" in g.membership;
  return { fixed: !perItem, members: g.names[0]!, others: g.names[1]!, tolerance: g.balanceTolerance };
}

/** What the lease statement needs to know of the study for one participant. */
export function leaseRequest(study: Study, participantId: string): LeaseRequest {
  return {
    studyId: study.id,
    participantId,
    leaseMinutes: study.leaseMinutes,
    maxUnits: study.maxUnitsPerParticipant,
    order: study.settings.assignmentOrder,
    maxUnitsPerContext: study.settings.maxUnitsPerContext,
    avoidQuestions: [],
    groups: groupRule(study),
    withQuestions: true,
    screening: needsScreening(study),
  };
}

/** The outcome of a participant the study's rules stopped (or who stopped), as `next` answers it. */
function stoppedResult(study: Study, status: string, progress: Progress): NextResult {
  if (status === "failed_qualification" || status === "screened_out") return { status, progress, ...outcomeCode(study, status) };
  // excluded (by the policy's gold accuracy or by a researcher) is said as such, not as missed
  // attention checks; both take the study's code for failing its checks
  if (status === "failed_attention" || status === "excluded") return { status, progress, ...outcomeCode(study, "failed_attention") };
  return { status: "done", reason: "stopped", progress, ...outcomeCode(study, progress.done > 0 ? "completed" : "no_tasks") };
}

/** A quality item due before the next task unit, or the open one after a refresh. */
async function nextProbe(study: Study, units: number, participantId: string): Promise<NextResult | null> {
  const state = await probeState(study.id, participantId, study.settings.qualification?.sharedWith ?? []);
  if (!state) throw new AppError("unauthenticated", "Open the study through its link first.");
  if (!state.qualifiedAt && state.qualifiedElsewhere) {
    // passed a linked study's test: this one's is skipped
    await pool().query(`UPDATE "Participant" SET "qualifiedAt" = now() WHERE id = $1 AND "qualifiedAt" IS NULL`, [participantId]);
    state.qualifiedAt = new Date();
  }
  if (!state.consented) throw new AppError("conflict", "Read the instructions and give consent first.", { extra: { reason: "consent_required" } });
  const p = progress(study, units, state.done);
  if (state.status !== "active") return stoppedResult(study, state.status, p);
  const open = state.probes.find((x) => x.answeredAt === null);
  const plan = open ? null : await planProbe(study, participantId, state);
  if (plan === "failed_qualification") return stoppedResult(study, "failed_qualification", p);
  const probe = open ?? (plan ? await serveProbe(study.id, participantId, plan) : null);
  if (!probe) return null;
  const view = await probeView(study, probe);
  const phase = probe.phase === "qualification" || probe.phase === "training" ? probe.phase : "task";
  return {
    status: "unit",
    progress: p,
    unit: { assignmentId: probe.id, expiresAt: new Date(Date.now() + study.leaseMinutes * 60_000).toISOString(), expiresInMs: study.leaseMinutes * 60_000, phase, stage: 1, stages: 1, ...view },
  };
}

export async function nextForParticipant(study: Study, units: number, participant: { id: string }): Promise<NextResult> {
  if (usesProbes(study.settings)) {
    const probe = await nextProbe(study, units, participant.id);
    if (probe) return probe;
  }
  await sweepThrottled(pool(), study.id);
  const result = await leaseNext(pool(), leaseRequest(study, participant.id));
  switch (result.kind) {
    case "unknown_participant":
      throw new AppError("unauthenticated", "Open the study through its link first.");
    case "consent_required":
      throw new AppError("conflict", "Read the instructions and give consent first.", { extra: { reason: "consent_required" } });
    case "closed":
      throw new AppError("conflict", `This study is ${result.state === "draft" ? "not open yet" : result.state}.`, { extra: { reason: `study_${result.state}` } });
    case "screener_required":
      return { status: "screener", screener: await screenerView(study, participant.id), progress: progress(study, units, 0) };
    case "stopped":
      return stoppedResult(study, result.status, progress(study, units, result.done));
    case "done": {
      if (result.done > 0) {
        await pool().query(`UPDATE "Participant" SET "completedAt" = now() WHERE id = $1 AND "completedAt" IS NULL`, [participant.id]);
      }
      const p = progress(study, units, result.done);
      // in a groups study, nothing for someone who has done nothing: their group needs no more answers
      if (result.done === 0 && result.reason === "none_left" && study.settings.groups) return { status: "screened_out", progress: p, ...outcomeCode(study, "screened_out") };
      return { status: "done", reason: result.reason, progress: p, ...outcomeCode(study, result.done > 0 ? "completed" : "no_tasks") };
    }
    case "leased":
      return { status: "unit", unit: await viewOf(study, result.lease), progress: progress(study, units, result.done) };
  }
}

async function viewOf(study: Study, lease: LeasedRow): Promise<ParticipantUnit> {
  const design = designOf(study.design);
  const ctx = unitCtx({
    client: pool(),
    study,
    unit: { id: lease.unitId, ordinal: lease.ordinal, contextId: lease.contextId, questionId: lease.questionId, questionIds: lease.questionIds, model: lease.model, stratum: lease.stratum },
    assignmentId: lease.assignmentId,
    stage: lease.stage,
    previous: lease.previous,
    questions: (lease.questions as StoredQuestion[] | null) ?? [],
    context: lease.context as StoredContext,
  });
  const view = await design.view(ctx);
  return {
    assignmentId: lease.assignmentId,
    expiresAt: new Date(lease.expiresAt).toISOString(),
    expiresInMs: Math.max(0, new Date(lease.expiresAt).getTime() - Date.now()),
    phase: "task",
    stage: lease.stage,
    stages: stagesOf(study),
    ...view,
  };
}

export async function submitForParticipant(opts: {
  study: Study;
  participant: { id: string };
  assignmentId: string;
  idempotencyKey: string;
  stage?: number | null;
  payload: unknown;
  startedAt: Date | null;
  durationMs: number | null;
  signals?: unknown;
}) {
  const { study } = opts;
  try {
    return await submitUnit(opts);
  } catch (err) {
    // not a unit lease: perhaps a quality item the participant was shown in its place
    if (!(err instanceof AppError && err.extra?.reason === "not_leased") || !usesProbes(study.settings)) throw err;
    const answered = await answerProbe({ study, participantId: opts.participant.id, probeId: opts.assignmentId, idempotencyKey: opts.idempotencyKey, payload: opts.payload, durationMs: opts.durationMs });
    if (!answered) throw err;
    return { ...answered, stage: 1, final: true };
  }
}

async function submitUnit(opts: Parameters<typeof submitForParticipant>[0]) {
  const { study } = opts;
  const design = designOf(study.design);
  return submitResponse({
    studyId: study.id,
    participantId: opts.participant.id,
    assignmentId: opts.assignmentId,
    idempotencyKey: opts.idempotencyKey,
    stage: opts.stage ?? null,
    stages: stagesOf(study),
    payload: opts.payload,
    withQuestions: design.validateNeedsQuestions(study),
    // the design checks the answer against the unit with the transaction's own client
    validate: (client, unit, payload) =>
      design.validate(
        unitCtx({
          client,
          study,
          unit: { id: unit.unitId, ordinal: unit.ordinal, contextId: unit.contextId, questionId: unit.questionId, questionIds: unit.questionIds, model: unit.model, stratum: unit.stratum },
          assignmentId: opts.assignmentId,
          stage: unit.stage,
          previous: unit.previous,
          questions: unit.questions as StoredQuestion[] | null,
        }),
        payload,
      ),
    revised: (previous, stored) => JSON.stringify(answersOf(previous)) !== JSON.stringify(answersOf(stored)),
    startedAt: opts.startedAt,
    durationMs: opts.durationMs,
    signals: opts.signals,
  });
}

/** What a revision compares: the answers, not comments or timings. */
function answersOf(payload: unknown): unknown {
  return payload && typeof payload === "object" && "answers" in payload ? (payload as { answers: unknown }).answers : payload;
}

export async function returnForParticipant(participantId: string, assignmentId: string) {
  const ok = await returnLease(pool(), { participantId, assignmentId });
  if (!ok) throw new AppError("conflict", "This unit is not leased to you.");
}
