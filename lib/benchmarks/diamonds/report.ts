import { DIAMONDS_VARIANTS, diamondsBeliefs, diamondsPerspective, diamondsVariant } from "@/lib/benchmarks/diamonds/score";
import { scoreResults, tabulate, totals, type BenchmarkReport, type ResultInput } from "@/lib/benchmarks/report";

// DIAMONDs report. Mirrors Tables 1, 2 and 3 (and 4, 5) of Ghosh et al.: per variant (base,
// distractor, underspecified), accuracy on omniscient and participant-centric questions and overall;
// participant-centric questions split into true and false belief. The paper reports underspecified
// conversations on omniscient questions only (a participant-centric unanswerable question can be got
// right by omniscient reasoning); the participant-centric rows for them are kept here but marked in
// the notes.

const ORDER = { variant: [...DIAMONDS_VARIANTS, "unknown"], perspective: ["omniscient", "participant-centric", "overall"], belief: ["true belief", "false belief"] };

export function diamondsReport(results: readonly ResultInput[]): BenchmarkReport {
  const scored = scoreResults(results);
  const variant = { variant: (r: (typeof scored)[number]) => diamondsVariant(r.question) };
  const byPerspective = tabulate(scored, { ...variant, perspective: (r) => diamondsPerspective(r.question) }, { order: ORDER });
  const overall = tabulate(scored, { ...variant, perspective: () => "overall" }, { order: ORDER });
  const rows = [...byPerspective, ...overall].sort(
    (a, b) => ORDER.variant.indexOf(a.group.variant!) - ORDER.variant.indexOf(b.group.variant!) || ORDER.perspective.indexOf(a.group.perspective!) - ORDER.perspective.indexOf(b.group.perspective!),
  );
  const beliefs = diamondsBeliefs(scored);
  const participant = scored.filter((r) => diamondsPerspective(r.question) === "participant-centric");
  const notes: string[] = [];
  const fromAnswers = [...beliefs.values()].filter((b) => b.source === "answers").length;
  const fromTag = beliefs.size - fromAnswers;
  if (beliefs.size) {
    notes.push(
      `True/false belief: ${fromAnswers} participant-centric results classed by comparing their gold with the omniscient question's gold (the paper's definition), ${fromTag} by the access-group tag (an approximation).`,
    );
  }
  if (participant.length > beliefs.size) notes.push(`${participant.length - beliefs.size} participant-centric results could not be classed as true or false belief.`);
  if (scored.some((r) => diamondsVariant(r.question) === "underspecified" && diamondsPerspective(r.question) === "participant-centric")) {
    notes.push("The paper reports underspecified conversations on omniscient questions only; their participant-centric rows are shown for completeness.");
  }
  return {
    benchmark: "diamonds",
    tables: [
      { id: "perspective", title: "By variant and perspective (Tables 1, 3)", rows },
      {
        id: "belief",
        title: "Participant-centric: true vs false belief (Table 2)",
        rows: tabulate(participant, { ...variant, belief: (r) => beliefs.get(r)?.belief }, { order: ORDER }),
      },
    ],
    comparisons: [],
    ...totals(scored),
    notes,
  };
}
