import type { ScoredItem, ScoringQuestion } from "@/lib/benchmarks/scoring";
import type { QuestionKind, TagValue } from "@/lib/benchmarks/types";

// Questions alike in everything a benchmark's summary reads (its `summaryReads`: the kind and some
// tags) form one class; a summary given one item per class and verdict, weighted by its count, gives
// what it gives over every answer. The question standing for a class has only those parts: reading
// any other throws, so a summary that reads more than it declares fails instead of counting wrong.

/** The declared tags a question has (absent ones stay absent). */
export function classTags(tags: Readonly<Record<string, TagValue>>, names: readonly string[]): Record<string, TagValue> {
  const out: Record<string, TagValue> = {};
  for (const name of names) if (Object.hasOwn(tags, name)) out[name] = tags[name]!;
  return out;
}

function undeclared(what: string): never {
  throw new Error(`a summary read ${what}, which its benchmark's summaryReads does not declare`);
}

/** The question a class stands for: its kind and declared tags, nothing else readable. */
export function classQuestion(kind: QuestionKind, tags: Record<string, TagValue>, names: readonly string[]): ScoringQuestion {
  const known = new Set(names);
  const guarded = new Proxy(tags, {
    get: (target, key) => (typeof key !== "string" || known.has(key) ? Reflect.get(target, key) : undeclared(`tag "${key}"`)),
  });
  const question = { kind, tags: guarded } as { kind: QuestionKind; tags: Record<string, TagValue> };
  for (const part of ["id", "gold", "scoring", "options", "groupKeys", "sourceId", "position"]) {
    Object.defineProperty(question, part, { get: () => undeclared(`the question's ${part}`), enumerable: false });
  }
  return question as ScoringQuestion;
}

/** One item per class and verdict, with the count of answers it stands for, from items in any grouping.
 *  The dashboard groups the same way in SQL (lib/designs/baseline/classes.ts); this is its reference. */
export function classItems(items: readonly ScoredItem[], names: readonly string[]): ScoredItem[] {
  const classes = new Map<string, ScoredItem>();
  for (const item of items) {
    const tags = classTags(item.question.tags, names);
    const id = JSON.stringify([item.question.kind, Object.entries(tags).sort(), item.score.correct]);
    const known = classes.get(id);
    if (known) known.count! += item.count ?? 1;
    else {
      const question = classQuestion(item.question.kind, tags, names);
      classes.set(id, { question, respondent: "", answer: "", score: { correct: item.score.correct, normalized: "", graded: null }, count: item.count ?? 1 });
    }
  }
  return [...classes.values()];
}
