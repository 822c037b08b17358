import { leaseNext, returnLease, sweepThrottled, type GroupRule, type LeasedRow } from "@/lib/assignment/lease";
import { submitResponse } from "@/lib/assignment/submit";
import type { StoredContext, StoredQuestion } from "@/lib/datasets/questions";
import { pool } from "@/lib/db/pool";
import { designOf, type Study, type UnitView } from "@/lib/designs";
import { unitCtx } from "@/lib/designs/context";
import { AppError } from "@/lib/http/errors";

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
  phase: "qualification" | "training" | "task";
  stage: number;
  stages: number;
  title: string | null;
}

export type NextResult =
  | { status: "unit"; unit: ParticipantUnit; progress: Progress }
  | { status: "done"; reason: "limit_reached" | "none_left"; progress: Progress };

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

export async function nextForParticipant(study: Study, units: number, participant: { id: string }): Promise<NextResult> {
  await sweepThrottled(pool(), study.id);
  const result = await leaseNext(pool(), {
    studyId: study.id,
    participantId: participant.id,
    leaseMinutes: study.leaseMinutes,
    maxUnits: study.maxUnitsPerParticipant,
    order: study.settings.assignmentOrder,
    maxUnitsPerContext: study.settings.maxUnitsPerContext,
    avoidQuestions: [],
    groups: groupRule(study),
    withQuestions: true,
  });
  switch (result.kind) {
    case "unknown_participant":
      throw new AppError("unauthenticated", "Open the study through its link first.");
    case "consent_required":
      throw new AppError("conflict", "Read the instructions and give consent first.", { extra: { reason: "consent_required" } });
    case "closed":
      throw new AppError("conflict", `This study is ${result.state === "draft" ? "not open yet" : result.state}.`, { extra: { reason: `study_${result.state}` } });
    case "stopped":
      throw new AppError("conflict", "You cannot take more units in this study.", { extra: { reason: result.status } });
    case "done": {
      if (result.done > 0) {
        await pool().query(`UPDATE "Participant" SET "completedAt" = now() WHERE id = $1 AND "completedAt" IS NULL`, [participant.id]);
      }
      return { status: "done", reason: result.reason, progress: progress(study, units, result.done) };
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
    phase: "task",
    stage: lease.stage,
    stages: stagesOf(study),
    title: lease.context.title,
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
