import { z } from "zod";
import { questionsByIds } from "@/lib/datasets/questions";
import { withTransaction } from "@/lib/db/tx";
import { designOf, type Study, type Unit } from "@/lib/designs";
import { unitCtx } from "@/lib/designs/context";
import { AppError } from "@/lib/errors";
import { excludeParticipant } from "@/lib/participants/exclusion";
import { ATTENTION_KEY, countsOf, qualificationProgress, type ProbeRow } from "@/lib/participants/probes";
import { policyVerdict } from "@/lib/participants/policy";

// An answer to a quality item: checked like a task answer (the design's own schema, or the
// attention item's options), scored at once, stored on the probe, and then the study's rules
// applied in the same transaction: a finished qualification attempt passes or fails, and the
// declared exclusion policy is applied after attention and gold answers.

export interface ProbeAnswer {
  responseId: string;
  duplicate: boolean;
  /** practice items only: whether the answer was right */
  feedback?: { correct: boolean | null };
}

// The task page sends an attention item what it sends any unit (answers, and milliseconds per question);
// only the choice is kept. Refusing the extra keys refused every attention answer from a browser.
const attentionSchema = z.object({
  answers: z.record(z.string(), z.union([z.string(), z.number().int()])),
  times: z.record(z.string(), z.number().int().min(0)).optional(),
  comment: z.string().max(5000).nullish(),
});

export async function answerProbe(opts: { study: Study; participantId: string; probeId: string; idempotencyKey: string; payload: unknown; durationMs: number | null }): Promise<ProbeAnswer | null> {
  const { study } = opts;
  const design = designOf(study.design);
  return withTransaction(async (client) => {
    const { rows } = await client.query<ProbeRow & { participantStatus: string; key: string | null }>(
      `SELECT x.id, x.phase, x.attempt, x."questionId", x."attentionItem", x."answeredAt", x.correct, x."idempotencyKey" AS key, p.status AS "participantStatus"
       FROM "Probe" x JOIN "Participant" p ON p.id = x."participantId"
       WHERE x.id = $1 AND x."participantId" = $2 AND x."studyId" = $3 FOR UPDATE OF x`,
      [opts.probeId, opts.participantId, study.id],
    );
    const probe = rows[0];
    if (!probe) return null;
    if (probe.answeredAt) {
      if (probe.key === opts.idempotencyKey) return { responseId: probe.id, duplicate: true, ...(probe.phase === "training" ? { feedback: { correct: probe.correct } } : {}) };
      throw new AppError("conflict", "This item was already answered.", { extra: { reason: "already_submitted" } });
    }
    if (probe.participantStatus !== "active") throw new AppError("conflict", "You cannot answer more items in this study.", { extra: { reason: probe.participantStatus } });

    let correct: boolean | null;
    let stored: unknown;
    if (probe.phase === "attention") {
      const parsed = attentionSchema.safeParse(opts.payload);
      const item = study.settings.attention!.items[probe.attentionItem ?? 0]!;
      const given = parsed.success ? (parsed.data.answers[ATTENTION_KEY] ?? parsed.data.answers[probe.id]) : undefined;
      if (given === undefined || !item.options[Number(given)]) {
        throw new AppError("invalid_input", "Choose one of the options.", { invalidParams: [{ name: "payload.answers", reason: "choose one of the options" }] });
      }
      stored = { answers: { [ATTENTION_KEY]: Number(given) } };
      correct = Number(given) === item.answer;
    } else {
      const [q] = await questionsByIds(client, [probe.questionId!]);
      const unit: Unit = { id: probe.id, ordinal: 0, contextId: q!.contextId, questionId: q!.id, questionIds: [q!.id], model: null, stratum: null };
      const ctx = unitCtx({ client, study, unit, assignmentId: probe.id, questions: [q!] });
      const validated = await design.validate(ctx, opts.payload);
      stored = validated.payload;
      correct = await design.scoreItem(ctx, validated);
    }
    await client.query(
      `UPDATE "Probe" SET answer = $2, correct = $3, "answeredAt" = now(), "durationMs" = $4, "idempotencyKey" = $5 WHERE id = $1`,
      [probe.id, JSON.stringify(stored), correct, opts.durationMs, opts.idempotencyKey],
    );
    await applyRules(client, study, opts.participantId);
    return { responseId: probe.id, duplicate: false, ...(probe.phase === "training" ? { feedback: { correct } } : {}) };
  });
}

/** After a quality answer: a qualification attempt's verdict, then the exclusion policy. */
async function applyRules(client: Parameters<typeof excludeParticipant>[0], study: Study, participantId: string): Promise<void> {
  const { rows } = await client.query<ProbeRow>(
    `SELECT id, phase, attempt, "questionId", "attentionItem", "answeredAt", correct FROM "Probe" WHERE "participantId" = $1`,
    [participantId],
  );
  const q = study.settings.qualification;
  if (q) {
    const progress = qualificationProgress(q, rows);
    if (progress.passed) await client.query(`UPDATE "Participant" SET "qualifiedAt" = coalesce("qualifiedAt", now()) WHERE id = $1`, [participantId]);
    else if (progress.exhausted) {
      const last = progress.finished.at(-1)!;
      await excludeParticipant(client, { studyId: study.id, participantId, status: "failed_qualification", reason: `qualification: ${Math.round(last.score * 100)}% after ${progress.finished.length} attempt(s), ${Math.round(q.passThreshold * 100)}% needed`, actorId: null, voidAnswers: true });
      return;
    }
  }
  const verdict = policyVerdict(study.settings.exclusion, countsOf(rows));
  if (verdict) await excludeParticipant(client, { studyId: study.id, participantId, status: verdict.status, reason: verdict.reason, actorId: null, voidAnswers: true });
}

