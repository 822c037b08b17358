import { QUESTION_KINDS } from "@/lib/benchmarks/types";
import { answerCount, tabulate } from "@/lib/benchmarks/report";
import { plainScore } from "@/lib/benchmarks/scorer";
import type { BenchmarkScoring, BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";
import { countedItems } from "@/lib/benchmarks/summary";
import { diamondsBeliefs } from "@/lib/benchmarks/diamonds/beliefs";
import { answerabilityMatches, DIAMONDS_PERSPECTIVES, DIAMONDS_VARIANTS, diamondsParse, diamondsPerspective, diamondsVariant } from "@/lib/benchmarks/diamonds/score";

const ORDER = { variant: [...DIAMONDS_VARIANTS, "unknown"], perspective: [...DIAMONDS_PERSPECTIVES, "Overall"], belief: ["true belief", "false belief"] };

/** Tables 1–3: per variant, omniscient, participant-centric and overall accuracy; participant-
 *  centric split into true and false belief; answerability accuracy as a figure. */
function summarizeDiamonds(all: readonly ScoredItem[], ctx: ScoringContext): BenchmarkSummary {
  const items = countedItems(diamondsScoring, all, ctx);
  const variant = (i: ScoredItem) => diamondsVariant(i.question);
  const rows = [
    ...tabulate(items, { variant, perspective: (i) => diamondsPerspective(i.question) }, { order: ORDER }),
    ...tabulate(items, { variant, perspective: () => "Overall" }, { order: ORDER }),
  ].sort((a, b) => ORDER.variant.indexOf(a.group.variant!) - ORDER.variant.indexOf(b.group.variant!) || ORDER.perspective.indexOf(a.group.perspective!) - ORDER.perspective.indexOf(b.group.perspective!));
  const beliefs = diamondsBeliefs(items);
  const participant = items.filter((i) => diamondsPerspective(i.question) === "Participant-centric");
  const notes: string[] = [];
  const classed = answerCount([...beliefs.keys()]);
  const fromAnswers = answerCount([...beliefs.entries()].filter(([, b]) => b.source === "answers").map(([i]) => i));
  if (classed) {
    notes.push(`True/false belief: ${fromAnswers} participant-centric answers classed by comparing their gold with the omniscient question's gold (the paper's definition), ${classed - fromAnswers} by the access-group tag (an approximation).`);
  }
  if (answerCount(participant) > classed) notes.push(`${answerCount(participant) - classed} participant-centric answers could not be classed as true or false belief.`);
  if (items.some((i) => diamondsVariant(i.question) === "underspecified" && diamondsPerspective(i.question) === "Participant-centric")) {
    notes.push("The paper reports underspecified conversations on omniscient questions only (§5.4); their participant-centric rows are shown for completeness.");
  }
  const matches = answerCount(items.filter((i) => answerabilityMatches(i.question, i.score.normalized)));
  const answered = answerCount(items);
  return {
    tables: [
      { id: "perspective", title: "By variant and perspective (Tables 1, 3)", rows },
      { id: "belief", title: "Participant-centric: true vs false belief (Table 2)", rows: tabulate(participant, { variant, belief: (i) => beliefs.get(i)?.belief }, { order: ORDER }) },
    ],
    figures: [{ key: "answerability_accuracy", label: "Answerability accuracy (answer and gold both numbers or both unanswerable)", value: answered ? matches / answered : null, n: answered }],
    notes,
  };
}

export const diamondsScoring: BenchmarkScoring = {
  // byType is the question kind for every benchmark but FANToM (whose question types are the paper's
  // columns); the paper's own breakdown is in summarize()'s tables
  typeOf: (question) => question.kind,
  typeOrder: QUESTION_KINDS,
  counts: () => true,
  score: (question, answer) => plainScore(question, answer),
  parse: (_question, raw) => diamondsParse(raw),
  summarize: summarizeDiamonds,
  summaryReadsAnswers: true,
};
