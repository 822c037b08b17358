import { AppError } from "@/lib/errors";
import { zodInvalidParams } from "@/lib/http/problem";
import { stageViews } from "@/lib/designs/views";
import type { Design } from "@/lib/designs/types";
import type { ChecklistConfig } from "@/lib/designs/checklist/config";
import { criteriaOf, passes, wireCheck } from "@/lib/designs/checklist/criteria";
import { checklistDescriptor } from "@/lib/designs/checklist/descriptor";
import { othersFor } from "@/lib/designs/checklist/others";
import { reasoningOf, referenceText } from "@/lib/designs/checklist/reference";
import { checklistResponseSchema, type ChecklistPayload } from "@/lib/designs/checklist/response";
import { computeChecklistResults, loadChecklistData, type ChecklistResults } from "@/lib/designs/checklist/results";
import { selectReviewedRecords } from "@/lib/designs/checklist/validated";

// Checklist review (DIAMONDs §3.1): expert reviewers read the chosen context views side by side
// with the question, its gold answer and the benchmark's reasoning, and answer every criterion of
// the researcher's checklists. Each criterion is decided by the majority on pass versus fail; an
// item failing any criterion is rejected and left out of the validated export.

export const checklist: Design<ChecklistConfig, ChecklistResults> = {
  ...checklistDescriptor,

  async view(ctx) {
    const config = ctx.study.config;
    const [context, questions] = await Promise.all([ctx.context(), ctx.questions()]);
    const [reasoning, others] = await Promise.all([
      reasoningOf(ctx.client, ctx.study.datasetId, questions, config.reasoningFields),
      ctx.study.settings.showOthersAfterSubmit && ctx.assignmentId ? othersFor(ctx.client, ctx.study.id, ctx.assignmentId) : Promise.resolve(null),
    ]);
    const views = stageViews(context, ctx.study, ctx.stage);
    return {
      context: { ...views, layout: Object.keys(views.views).length > 1 && ctx.study.settings.views.length > 1 ? "side-by-side" : "tabs" },
      questions: questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        options: q.options,
        answer: false,
        // experts are meant to see gold here: judging the answer is the task
        reference: referenceText(q.gold, q.options),
        ...(reasoning.has(q.id) ? { reasoning: reasoning.get(q.id)! } : {}),
      })),
      checks: criteriaOf(config).map(wireCheck),
      commentAllowed: config.comment,
      ...(others ? { others } : {}),
    };
  },

  validateNeedsQuestions: () => false,

  async validate(ctx, payload) {
    const config = ctx.study.config;
    // built for this answer and used once: jitless spares zod compiling it (new Function) for one parse
    const parsed = checklistResponseSchema(criteriaOf(config), config.comment).safeParse(payload, { jitless: true });
    if (!parsed.success) {
      throw new AppError("invalid_input", "Some criteria are not answered, or an answer is not allowed.", { invalidParams: zodInvalidParams(parsed.error, "payload") });
    }
    return { payload: parsed.data };
  },

  // a gold item is one the researcher knows passes: right when every criterion passes
  async scoreItem(ctx, validated) {
    const answers = (validated.payload as ChecklistPayload).answers ?? {};
    return criteriaOf(ctx.study.config).every((c) => passes(c.answer, answers[c.key] ?? ""));
  },

  adjudicable: async (ctx) => criteriaOf(ctx.study.config).map(wireCheck),

  results: async (ctx) => computeChecklistResults(ctx.study, await loadChecklistData(ctx)),

  async report(_ctx, results) {
    return {
      criteria: results.criteria.map((c) => ({ key: c.key, n: c.decided, passRate: c.passRate, ci95: c.ci95, cohenKappa: c.cohenKappa, ties: c.ties, fleissKappa: c.fleissKappa, krippendorffAlpha: c.krippendorffAlpha, gwetAC1: c.gwetAC1 })),
      decisions: results.decisions,
      failing: results.failing.map((f) => ({ unitId: f.unitId, criteria: f.criteria, sourceIds: f.questions.map((q) => q.sourceId) })),
      queue: results.queue.length,
    };
  },

  csvItems(payload) {
    const p = payload as ChecklistPayload;
    return Object.entries(p.answers ?? {}).map(([item, label]) => ({ item, label, comment: p.comments?.[item] ?? p.comment }));
  },

  manifest(study, results) {
    return {
      rule: { ...study.config.rule, passes: "majority of reviewers on pass vs fail; pass = yes (or not applicable), or 4–5 on the 1–5 scale" },
      checklists: study.config.checklists,
      unitsByDecision: results.decisions,
      criteria: results.criteria,
      failing: results.failing,
    };
  },

  validatedRecords: (ctx, results) => selectReviewedRecords(ctx, results),
};
