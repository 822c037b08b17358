import type { ParsedRecord, QuestionInput } from "@/lib/benchmarks/types";

export interface ItemProblem {
  path: string;
  message: string;
}

/**
 * Invariants every adapter's output must meet, whatever the benchmark: a context to show, a gold
 * answer that fits its question (a choice index among the options, list answers among the
 * options). Paths name the derived question: "questions.3.gold".
 */
export function checkParsed(parsed: ParsedRecord): ItemProblem[] {
  const problems: ItemProblem[] = [];
  if (!parsed.sourceId) problems.push({ path: "", message: "the record has no id" });
  parsed.contexts.forEach((context, i) => {
    const names = Object.keys(context.views);
    if (!names.length) problems.push({ path: `contexts.${i}`, message: "the context has no views" });
    if (!(context.defaultView in context.views)) problems.push({ path: `contexts.${i}`, message: `the default view "${context.defaultView}" is not one of its views` });
    for (const [name, view] of Object.entries(context.views)) {
      if (view.type === "conversation" && !view.turns.length) problems.push({ path: `contexts.${i}.${name}`, message: "the conversation is empty" });
    }
  });
  if (!parsed.questions.length) problems.push({ path: "questions", message: "the record yields no questions" });
  parsed.questions.forEach((q, i) => {
    const at = `questions.${i}`;
    if (q.context < 0 || q.context >= parsed.contexts.length) problems.push({ path: `${at}.context`, message: "the question points to no context" });
    if (q.gold.kind !== q.kind) problems.push({ path: `${at}.gold`, message: `a ${q.kind} question has a ${q.gold.kind} answer` });
    const problem = goldProblem(q);
    if (problem) problems.push({ path: `${at}.gold`, message: problem });
  });
  return problems;
}

function goldProblem(q: QuestionInput): string | null {
  const options = q.options ?? [];
  const gold = q.gold;
  if (gold.kind === "single_choice") {
    if (options.length < 2) return `a choice question needs at least 2 options, it has ${options.length}`;
    if (!Number.isInteger(gold.index) || gold.index < 0 || gold.index >= options.length) return `the correct option ${gold.index} is not one of the ${options.length} options`;
  }
  if (gold.kind === "multi_select") {
    if (!options.length) return "a list question needs options";
    const outside = [...gold.values, ...(gold.exclude ?? [])].filter((v) => !options.includes(v));
    if (outside.length) return `answers not among the options: ${outside.join(", ")}`;
  }
  if (gold.kind === "numeric" && "value" in gold && !Number.isFinite(gold.value)) return "the numeric answer is not a finite number";
  return null;
}
