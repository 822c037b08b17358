import { booleansRow, itemsRow, tabulate, tagText, type ReportRow, type ReportTable } from "@/lib/benchmarks/report";
import type { BenchmarkSummary, ScoredItem, ScoringContext } from "@/lib/benchmarks/scoring";
import { meanFigure, viewOf } from "@/lib/benchmarks/summary";
import { goldToInt, weightedF1 } from "@/lib/benchmarks/fantom/official";
import { accessibilityOf, FANTOM_TYPE_LABEL, fantomCounts, fantomFamily, settingOf, type Accessibility, type FantomFamily } from "@/lib/benchmarks/fantom/score";

// FANToM's summary as eval_fantom.py's score_and_analyze builds it, once for the main score
// (information inaccessible to the character) and once for the control task (accessible):
// ALL* (every question of the set right, per respondent and set), ALL (the same without
// BeliefQ[dist.]: the paper's human-comparable score), per-type accuracy, the AnswerabilityQ and
// InfoAccessQ "All" (list and Y/N of the set right), the Y/N weighted F1, the token F1 of
// BeliefQ[dist.] answers judged right, and FactQ token F1. "All" scores count the questions
// present, so a study that asks only BeliefQ[choice] and the lists (the paper's human baseline)
// gets the paper's human "All".

type Figure = BenchmarkSummary["figures"][number];

interface Entry {
  item: ScoredItem;
  family: FantomFamily;
  accessibility: Accessibility | null;
}

const SCENARIOS = [
  { id: "inaccessible", key: "", title: "FANToM: information inaccessible to the character (Table 1 / Table 9 layout)" },
  { id: "accessible", key: "control:", title: "Control task: information accessible to the character (eval_fantom.py control_task_report)" },
] as const;

const ALL_FAMILIES: readonly FantomFamily[] = ["belief_choice", "answerability_list", "answerability_binary", "info_access_list", "info_access_binary"];

function setOf(item: ScoredItem): string {
  return `${item.respondent}\u0000${item.question.groupKeys.set_id ?? item.question.sourceId}`;
}

/** groupby(set_id)['result'].all(), per respondent: one boolean per (respondent, set). */
function allBySet(entries: readonly Entry[]): boolean[] {
  const sets = new Map<string, boolean>();
  for (const e of entries) sets.set(setOf(e.item), (sets.get(setOf(e.item)) ?? true) && e.item.score.correct === true);
  return [...sets.values()];
}

function fraction(values: readonly boolean[]): number | null {
  return values.length ? values.filter(Boolean).length / values.length : null;
}

function of(entries: readonly Entry[], ...families: FantomFamily[]): Entry[] {
  return entries.filter((e) => families.includes(e.family));
}

function scenarioTable(id: string, title: string, mine: readonly Entry[]): ReportTable {
  const row = (type: string, members: readonly Entry[]): ReportRow | null => (members.length ? itemsRow({ type }, members.map((e) => e.item)) : null);
  const all = (type: string, members: readonly Entry[]): ReportRow | null => (members.length ? booleansRow({ type }, allBySet(members), "set") : null);
  const dist = of(mine, "belief_dist");
  const rows = [
    dist.length ? all("All*", mine) : null,
    all("All", of(mine, ...ALL_FAMILIES)),
    row(FANTOM_TYPE_LABEL.belief_choice, of(mine, "belief_choice")),
    row(FANTOM_TYPE_LABEL.belief_dist, dist),
    all("AnswerabilityQ All", of(mine, "answerability_list", "answerability_binary")),
    row(FANTOM_TYPE_LABEL.answerability_list, of(mine, "answerability_list")),
    row(FANTOM_TYPE_LABEL.answerability_binary, of(mine, "answerability_binary")),
    all("InfoAccessQ All", of(mine, "info_access_list", "info_access_binary")),
    row(FANTOM_TYPE_LABEL.info_access_list, of(mine, "info_access_list")),
    row(FANTOM_TYPE_LABEL.info_access_binary, of(mine, "info_access_binary")),
  ].filter((r): r is ReportRow => r !== null);
  return { id, title, rows, note: '"All" rows count (respondent, set) pairs; the others count answers. Y/N rows are accuracy; their weighted F1 (the paper\'s Y/N metric) is among the figures.' };
}

function yesNoF1(key: string, label: string, members: readonly Entry[]): Figure {
  const truth = members.map((e) => (e.item.question.gold.kind === "yes_no" ? goldToInt(e.item.question.gold.raw ?? e.item.question.gold.value) : 0));
  // an answer read as neither yes nor no is -1, as map_binary_answer_to_int gives
  const said = members.map((e) => (e.item.score.normalized === "yes" ? 1 : e.item.score.normalized === "no" ? 0 : -1));
  return { key, label, value: weightedF1(truth, said), n: members.length };
}

function scenarioFigures(key: string, name: string, mine: readonly Entry[]): Figure[] {
  const rightDist = of(mine, "belief_dist").filter((e) => e.item.score.correct === true);
  return [
    yesNoF1(`${key}answerability_yn_weighted_f1`, `${name}AnswerabilityQ[Y/N] weighted F1`, of(mine, "answerability_binary")),
    yesNoF1(`${key}info_access_yn_weighted_f1`, `${name}InfoAccessQ[Y/N] weighted F1`, of(mine, "info_access_binary")),
    meanFigure(`${key}belief_dist_token_f1`, `${name}BeliefQ[dist.] token F1 (answers judged right)`, rightDist.map((e) => e.item.score.graded ?? 0)),
  ].filter((f) => f.n > 0);
}

export function summarizeFantom(items: readonly ScoredItem[], ctx: ScoringContext): BenchmarkSummary {
  const notes: string[] = [];
  const entries: Entry[] = [];
  let noLong = 0;
  let unknown = 0;
  for (const item of items) {
    const view = { view: viewOf(item, ctx) };
    if (!fantomCounts(item.question, view)) {
      noLong++;
      continue;
    }
    const family = fantomFamily(item.question);
    if (family === null) unknown++;
    else entries.push({ item, family, accessibility: accessibilityOf(item.question, view) });
  }
  if (noLong) notes.push(`${noLong} Y/N answers whose gold is "no:long" are left out, as eval_fantom.py does with the short context.`);
  if (unknown) notes.push(`${unknown} answers belong to no FANToM question family and are left out.`);
  if (items.some((i) => settingOf({ view: viewOf(i, ctx) }) === "full")) {
    notes.push("Full context: as eval_fantom.py does, list questions with an unaware character and the Y/N questions of a family where some answer is not \"yes\" count in the main score.");
  }

  const tables: ReportTable[] = [];
  const figures: Figure[] = [];
  let sets: BenchmarkSummary["sets"] = { all: null, allStar: null, n: 0 };
  for (const s of SCENARIOS) {
    const mine = entries.filter((e) => e.family !== "fact" && e.accessibility === s.id);
    if (!mine.length) continue;
    tables.push(scenarioTable(s.id, s.title, mine));
    figures.push(...scenarioFigures(s.key, s.key ? "Control: " : "", mine));
    if (s.id === "inaccessible") {
      const all = allBySet(of(mine, ...ALL_FAMILIES));
      const asked = of(mine, "belief_dist").length > 0;
      sets = { all: fraction(all), allStar: asked ? fraction(allBySet(mine)) : null, n: all.length };
    }
  }
  const facts = entries.filter((e) => e.family === "fact");
  if (facts.length) figures.push(meanFigure("fact_token_f1", "FactQ token F1", facts.map((e) => e.item.score.graded ?? 0)));

  const beliefs = entries.filter((e) => (e.family === "belief_choice" || e.family === "belief_dist") && e.accessibility === "inaccessible" && tagText(e.item.question, "tom_type") !== null);
  if (beliefs.length) {
    tables.push({
      id: "belief_order",
      title: "BeliefQ by ToM order (main score; eval_fantom.py's tom_type analysis)",
      rows: tabulate(beliefs.map((e) => e.item), { type: (i) => FANTOM_TYPE_LABEL[fantomFamily(i.question)!], tom_type: (i) => tagText(i.question, "tom_type") }, {
        order: { type: [FANTOM_TYPE_LABEL.belief_choice, FANTOM_TYPE_LABEL.belief_dist], tom_type: ["first-order", "second-order:cyclic", "second-order:acyclic", "second-order:accessible"] },
      }),
    });
  }
  if (entries.some((e) => e.family === "belief_dist")) {
    notes.push(
      "BeliefQ[dist.]: eval_fantom.py judges a free-text belief right when its sentence embedding (all-roberta-large-v1) is closer to the correct belief than to the wrong one; Sally has no embedding model and uses the official token F1 (compute_f1) instead: right when the answer's token F1 with the correct belief is higher than with the wrong one. ALL* inherits this.",
    );
  }
  return { sets, tables, figures, notes };
}
