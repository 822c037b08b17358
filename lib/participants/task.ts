import { leaseNext, returnLease } from "@/lib/assignment/lease";
import { submitResponse } from "@/lib/assignment/submit";
import { db, type Study } from "@/lib/db/client";
import { unitChecks } from "@/lib/designs/validation/checks";
import { validationConfigSchema } from "@/lib/designs/validation/config";
import { validationResponseSchema } from "@/lib/designs/validation/response";
import { AppError } from "@/lib/http/errors";
import { zodInvalidParams } from "@/lib/http/problem";
import { buildParticipantUnit, unitQuestions, type ParticipantUnit } from "@/lib/participants/unit-view";

type Participant = { id: string; consentedAt: Date | null; completedAt: Date | null };

export interface Progress {
  done: number;
  total: number;
}

export type NextResult =
  | { status: "unit"; unit: ParticipantUnit; progress: Progress }
  | { status: "done"; reason: "limit_reached" | "none_left"; progress: Progress };

export async function progressOf(study: Study, participantId: string): Promise<Progress> {
  const done = await db().assignment.count({ where: { participantId, status: "submitted" } });
  const units = study.maxUnitsPerParticipant ?? (await db().studyUnit.count({ where: { studyId: study.id } }));
  return { done, total: Math.max(units, done) };
}

export async function nextForParticipant(study: Study, participant: Participant): Promise<NextResult> {
  if (!participant.consentedAt) throw new AppError("conflict", "Read the instructions and give consent first.", { extra: { reason: "consent_required" } });
  const result = await leaseNext({
    studyId: study.id,
    participantId: participant.id,
    leaseMinutes: study.leaseMinutes,
    maxUnits: study.maxUnitsPerParticipant,
  });
  if (result.kind === "done") {
    const progress = await progressOf(study, participant.id);
    if (progress.done > 0 && !participant.completedAt) {
      await db().participant.updateMany({ where: { id: participant.id, completedAt: null }, data: { completedAt: new Date() } });
    }
    return { status: "done", reason: result.reason, progress };
  }
  const [unit, progress] = await Promise.all([buildParticipantUnit(study, result.lease), progressOf(study, participant.id)]);
  return { status: "unit", unit, progress };
}

export async function submitForParticipant(opts: {
  study: Study;
  participant: Participant;
  assignmentId: string;
  idempotencyKey: string;
  payload: unknown;
  startedAt: Date | null;
  durationMs: number | null;
}) {
  const assignment = await db().assignment.findFirst({
    where: { id: opts.assignmentId, participantId: opts.participant.id, studyId: opts.study.id },
    select: { unit: { select: { contextId: true, questionId: true } } },
  });
  if (!assignment) throw new AppError("conflict", "This unit is not leased to you.");
  // The payload must answer exactly the checks this unit asks.
  const config = validationConfigSchema.parse(opts.study.config);
  const questions = config.answerKey || assignment.unit.questionId ? await unitQuestions(opts.study, assignment.unit) : [];
  const schema = validationResponseSchema(unitChecks(config, questions), config.contextChecks?.comment ?? false);
  const parsed = schema.safeParse(opts.payload);
  if (!parsed.success) {
    throw new AppError("invalid_input", "Some answers are missing or not allowed.", {
      invalidParams: zodInvalidParams(parsed.error, "payload"),
    });
  }
  return submitResponse({
    studyId: opts.study.id,
    participantId: opts.participant.id,
    assignmentId: opts.assignmentId,
    idempotencyKey: opts.idempotencyKey,
    stage: "main",
    final: true,
    payload: parsed.data,
    startedAt: opts.startedAt,
    durationMs: opts.durationMs,
  });
}

export async function returnForParticipant(participantId: string, assignmentId: string) {
  const ok = await returnLease({ participantId, assignmentId });
  if (!ok) throw new AppError("conflict", "This unit is not leased to you.");
}
