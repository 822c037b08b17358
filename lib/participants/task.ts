import { leaseNext, returnLease } from "@/lib/assignment/lease";
import { submitResponse } from "@/lib/assignment/submit";
import { db, type Study } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
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
  const { rows } = await pool().query<{ done: number; units: number }>(
    `SELECT (SELECT count(*)::int FROM "Assignment" WHERE "participantId" = $1 AND status = 'submitted') AS done,
            (SELECT count(*)::int FROM "StudyUnit" WHERE "studyId" = $2) AS units`,
    [participantId, study.id],
  );
  const { done, units } = rows[0]!;
  const total = Math.min(study.maxUnitsPerParticipant ?? units, units);
  return { done, total: Math.max(total, done) };
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
  const config = validationConfigSchema.parse(opts.study.config);
  return submitResponse({
    studyId: opts.study.id,
    participantId: opts.participant.id,
    assignmentId: opts.assignmentId,
    idempotencyKey: opts.idempotencyKey,
    stage: "main",
    final: true,
    payload: opts.payload,
    // The payload must answer exactly the checks this unit asks.
    validate: async (unit, payload) => {
      const questions = config.answerKey || unit.questionId ? await unitQuestions(opts.study, unit) : [];
      const schema = validationResponseSchema(unitChecks(config, questions), config.contextChecks?.comment ?? false);
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        throw new AppError("invalid_input", "Some answers are missing or not allowed.", {
          invalidParams: zodInvalidParams(parsed.error, "payload"),
        });
      }
      return parsed.data;
    },
    startedAt: opts.startedAt,
    durationMs: opts.durationMs,
  });
}

export async function returnForParticipant(participantId: string, assignmentId: string) {
  const ok = await returnLease({ participantId, assignmentId });
  if (!ok) throw new AppError("conflict", "This unit is not leased to you.");
}
