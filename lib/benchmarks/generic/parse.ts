import type { GenericQuestion, GenericRecord } from "@/lib/benchmarks/generic/schema";
import type { ContextInput, Gold, ParsedRecord, QuestionInput, ScoringRule } from "@/lib/benchmarks/types";

export function toItems(record: GenericRecord): ParsedRecord {
  const c = record.context;
  const context: ContextInput = c.type === "views" ? { views: c.views, defaultView: c.default } : { views: { main: c }, defaultView: "main" };
  if (record.title !== undefined) context.title = record.title;
  return {
    sourceId: record.id,
    contexts: [context],
    questions: record.questions.map((q, position): QuestionInput => {
      const { gold, scoring } = goldOf(q);
      return {
        context: 0,
        kind: q.kind,
        prompt: q.prompt,
        ...("options" in q ? { options: q.options } : {}),
        gold,
        scoring,
        tags: q.tags ?? {},
        groupKeys: q.groupKeys ?? {},
        position,
      };
    }),
  };
}

function goldOf(q: GenericQuestion): { gold: Gold; scoring: ScoringRule } {
  switch (q.kind) {
    case "single_choice":
      return { gold: { kind: "single_choice", index: q.answer }, scoring: { type: "exact_option" } };
    case "multi_select":
      return { gold: { kind: "multi_select", values: q.answer, ...(q.exclude ? { exclude: q.exclude } : {}) }, scoring: { type: "set_match" } };
    case "yes_no":
      return { gold: { kind: "yes_no", value: q.answer }, scoring: { type: "yes_no" } };
    case "numeric": {
      const gold: Gold = q.answer === "unanswerable" ? { kind: "numeric", unanswerable: true } : { kind: "numeric", value: q.answer };
      const allowUnanswerable = q.allowUnanswerable ?? q.answer === "unanswerable";
      return { gold, scoring: { type: "numeric", relTol: q.tolerance ?? 0, allowUnanswerable } };
    }
    case "short_text":
      return { gold: { kind: "short_text", value: q.answer }, scoring: { type: "normalized_text" } };
    case "free_text":
      return { gold: { kind: "free_text", reference: q.answer, ...(q.bonusPoints ? { bonusPoints: q.bonusPoints } : {}) }, scoring: { type: "reference" } };
  }
}
