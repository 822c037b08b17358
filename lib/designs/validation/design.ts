import { AppError } from "@/lib/errors";
import { zodInvalidParams } from "@/lib/http/problem";
import { stageViews } from "@/lib/designs/views";
import type { Design } from "@/lib/designs/types";
import { keepingAnswer, markedIndexes, unitChecks, wireCheck } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { validationDescriptor } from "@/lib/designs/validation/descriptor";
import { validationFamilies } from "@/lib/designs/validation/families";
import { validationResponseSchema } from "@/lib/designs/validation/response";
import { validationNames, validationResults, type ValidationResults } from "@/lib/designs/validation/results";
import { validationParticipantFigures } from "@/lib/designs/validation/participant-store";
import { keptRecords, queuePage, readDecided, unitRows } from "@/lib/designs/validation/decision-store";
import { validationSummary } from "@/lib/designs/validation/summary";
import { selectValidatedRecords } from "@/lib/designs/validation/validated";

// Validation: people vote on checks about an item (flags on a conversation, the answer key of
// a question, a label from a researcher-defined set), and a majority rule decides what is kept.

export const validation: Design<ValidationConfig, ValidationResults> = {
  ...validationDescriptor,

  async view(ctx) {
    const config = ctx.study.config;
    const showQuestions = config.answerKey || ctx.study.unitType !== "context";
    const [context, questions] = await Promise.all([ctx.context(), showQuestions ? ctx.questions() : Promise.resolve([])]);
    const checks = unitChecks(config, config.answerKey ? questions : []);
    return {
      context: { ...stageViews(context, ctx.study, ctx.stage), layout: "tabs" },
      questions: questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        options: q.options,
        answer: false,
        ...(config.answerKey ? { marked: markedIndexes(q) } : {}),
      })),
      checks: checks.map(wireCheck),
      commentAllowed: config.contextChecks?.comment ?? false,
    };
  },

  validateNeedsQuestions: (study) => study.config.answerKey,

  async validate(ctx, payload) {
    const config = ctx.study.config;
    const questions = config.answerKey ? await ctx.questions() : [];
    const schema = validationResponseSchema(unitChecks(config, questions), config.contextChecks?.comment ?? false);
    // built for this unit and used once: jitless spares zod compiling it (new Function) for one parse
    const parsed = schema.safeParse(payload, { jitless: true });
    if (!parsed.success) {
      throw new AppError("invalid_input", "Some answers are missing or not allowed.", { invalidParams: zodInvalidParams(parsed.error, "payload") });
    }
    return { payload: parsed.data };
  },

  // a gold item is one the researcher knows is fine: right when every check keeps it
  async scoreItem(ctx, validated) {
    const config = ctx.study.config;
    const checks = unitChecks(config, config.answerKey ? await ctx.questions() : []);
    const answers = (validated.payload as { answers: Record<string, string> }).answers;
    const rejecting = new Set(config.labelJudgement?.labels.filter((l) => l.rejects).map((l) => l.key));
    return checks.every((c) => (c.kind === "label" ? !rejecting.has(answers[c.key]!) : answers[c.key] === keepingAnswer(c)));
  },

  async adjudicable(ctx) {
    const config = ctx.study.config;
    return unitChecks(config, config.answerKey ? await ctx.questions() : []).map(wireCheck);
  },

  results: validationResults,

  summary: validationSummary,

  async decided(ctx) {
    if (ctx.aggregation === "dawid-skene") return { table: null, after: async () => undefined };
    const decided = await readDecided(ctx);
    return { table: { units: decided.units, rows: (units) => unitRows(ctx, decided, units), names: validationNames(ctx.study.config), keptRecords: () => keptRecords(ctx, decided), queue: (from, size) => queuePage(ctx, decided, from, size) }, after: (writer) => decided.keep(writer) };
  },

  participantFigures: validationParticipantFigures,

  async report(_ctx, results) {
    return { decisions: results.decisions, agreement: results.agreement, queue: results.queue.length };
  },

  csvItems(payload) {
    const p = payload as { answers?: Record<string, string>; comment?: string };
    return Object.entries(p.answers ?? {}).map(([item, label]) => ({ item, label, comment: p.comment }));
  },

  manifest(study, results) {
    return { rule: study.config.rule, unitsByDecision: results.decisions, agreement: results.agreement };
  },

  validatedRecords: (ctx, results) => selectValidatedRecords(ctx, results),

  voteFamilies: validationFamilies,
};
