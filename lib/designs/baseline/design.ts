import type { Design } from "@/lib/designs/types";
import { stageViews } from "@/lib/designs/views";
import { validateBaseline } from "@/lib/designs/baseline/answers";
import type { BaselineConfig } from "@/lib/designs/baseline/config";
import { baselineDescriptor } from "@/lib/designs/baseline/descriptor";
import { baselineParticipantFigures } from "@/lib/designs/baseline/participants";
import { baselineReport, baselineReportFigures, baselineResults, type BaselineResults } from "@/lib/designs/baseline/results";
import { baselineSummary } from "@/lib/designs/baseline/summary";
import { viewQuestion } from "@/lib/designs/baseline/view";

// Human baseline: people answer benchmark questions as models do, and are scored by the
// benchmark's own rules, beside every model with predictions on the same questions.

export const baseline: Design<BaselineConfig, BaselineResults> = {
  ...baselineDescriptor,

  async view(ctx) {
    const [context, questions] = await Promise.all([ctx.context(), ctx.questions()]);
    return {
      context: { ...stageViews(context, ctx.study, ctx.stage, { unchosen: "default" }), layout: "tabs" },
      questions: questions.map((q) => viewQuestion(ctx.study, ctx.assignmentId, q)),
      checks: [],
      commentAllowed: false,
      ...(ctx.stage > 1 ? { previous: previousAnswers(ctx.previous, questions) } : {}),
    };
  },

  validateNeedsQuestions: () => true,
  // right when every machine-scored answer is right
  async scoreItem(_ctx, validated) {
    const scored = (validated.scores ?? []).filter((s) => s.correct !== null);
    return scored.length ? scored.every((s) => s.correct) : null;
  },
  validate: validateBaseline,
  scoresAnswers: true,
  results: baselineResults,
  summary: async (ctx, opts) => ({ summary: await baselineSummary(ctx, { participants: opts?.overview ?? false }), after: async () => undefined }),
  participantFigures: baselineParticipantFigures,
  report: async (_ctx, results) => baselineReport(results),
  reportFigures: baselineReportFigures,

  csvItems(payload) {
    const p = payload as { answers?: Record<string, unknown> };
    return Object.entries(p.answers ?? {}).map(([item, answer]) => ({ item, label: JSON.stringify(answer) }));
  },

  manifest: (_study, results) => ({ report: baselineReport(results) }),
};

/** The stage-1 answers as the participant gave them: option indexes in the order shown to them. */
function previousAnswers(previous: unknown, questions: { id: string }[]) {
  const stored = (previous as { answers?: Record<string, unknown>; shown?: Record<string, number[]> } | null) ?? {};
  const answers: Record<string, unknown> = {};
  for (const q of questions) {
    const a = stored.answers?.[q.id];
    const order = stored.shown?.[q.id];
    answers[q.id] = order && typeof a === "number" ? order.indexOf(a) : a;
  }
  return { answers };
}
