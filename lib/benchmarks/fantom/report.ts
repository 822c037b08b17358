import {
  allCorrectByUnit,
  FANTOM_TYPE_LABEL,
  fantomAccessibility,
  fantomFamily,
  isNoLong,
  type AllUnit,
  type FantomFamily,
} from "@/lib/benchmarks/fantom/score";
import {
  countRow,
  resultsRow,
  scoreResults,
  tabulate,
  tagText,
  totals,
  type BenchmarkReport,
  type ReportRow,
  type ReportTable,
  type ResultInput,
  type ScoredResult,
} from "@/lib/benchmarks/report";

// FANToM report. Mirrors Table 9 of Kim et al. (2023) (and Table 1 / Figure 2), computed as the
// official eval_fantom.py does (score_and_analyze): everything is split by the question's
// missed_info_accessibility, "inaccessible" being the FANToM score and "accessible" the control
// task, reported apart. Per type: BeliefQ[choice], AnswerabilityQ[list] / [Y/N], InfoAccessQ[list] /
// [Y/N] are accuracies over questions. "AnswerabilityQ All" (and "InfoAccessQ All") is, per set, the
// list question and every Y/N question of that family right; "All" is, per set, every
// human-answerable question right (BeliefQ[choice], both lists, all Y/N): the paper's ALL, i.e. ALL*
// without BeliefQ[dist.]. The All scores are over the questions present in the results, so a study
// that asks only BeliefQ[choice] and the lists (the paper's human baseline, §4) gets the paper's human
// "All". Differences from the paper, on purpose: Y/N rows are plain accuracy, not the weighted F1 the
// paper reports for models (people always give yes or no); BeliefQ[dist.] and FactQ are free text,
// counted as unscored; ALL* cannot be computed without BeliefQ[dist.].

export interface FantomReportOptions {
  /** what "All" is aggregated over (eval_fantom.py --aggregation-target); default "set" */
  allUnit?: AllUnit;
  /** leave out Y/N questions whose gold is "no:long", as eval_fantom.py does for the short context */
  dropNoLong?: boolean;
}

const ACCESSIBILITY = [
  { id: "inaccessible", title: "FANToM (information inaccessible to the character)" },
  { id: "accessible", title: "Control task (information accessible to the character)" },
] as const;

const CHOICE_FAMILIES: readonly FantomFamily[] = [
  "belief_choice",
  "answerability_list",
  "answerability_binary",
  "info_access_list",
  "info_access_binary",
];

function allRow(
  accessibility: string,
  type: string,
  results: readonly ScoredResult[],
  families: readonly FantomFamily[],
  unit: AllUnit,
): ReportRow | null {
  const members = results.filter((r) => {
    const f = fantomFamily(r.question);
    return f !== null && families.includes(f);
  });
  if (members.length === 0) return null;
  const units = allCorrectByUnit(members, unit);
  return countRow({ accessibility, type }, units.filter(Boolean).length, units.length, 0, unit);
}

function typeRow(accessibility: string, family: FantomFamily, results: readonly ScoredResult[]): ReportRow | null {
  const members = results.filter((r) => fantomFamily(r.question) === family);
  return members.length ? resultsRow({ accessibility, type: FANTOM_TYPE_LABEL[family] }, members) : null;
}

function accessibilityTable(id: "inaccessible" | "accessible", title: string, results: readonly ScoredResult[], facts: readonly ScoredResult[], unit: AllUnit): ReportTable {
  const mine = results.filter((r) => fantomAccessibility(r.question) === id);
  const rows = [
    allRow(id, "All", mine, CHOICE_FAMILIES, unit),
    typeRow(id, "belief_choice", mine),
    typeRow(id, "belief_dist", mine),
    allRow(id, "AnswerabilityQ All", mine, ["answerability_list", "answerability_binary"], unit),
    typeRow(id, "answerability_list", mine),
    typeRow(id, "answerability_binary", mine),
    allRow(id, "InfoAccessQ All", mine, ["info_access_list", "info_access_binary"], unit),
    typeRow(id, "info_access_list", mine),
    typeRow(id, "info_access_binary", mine),
    // FactQ carries no accessibility; eval_fantom.py reports it with the main (inaccessible) scores
    id === "inaccessible" && facts.length ? resultsRow({ accessibility: "none", type: FANTOM_TYPE_LABEL.fact }, facts) : null,
  ].filter((r): r is ReportRow => r !== null);
  return { id, title, rows, note: `"All" rows count ${unit}s (per respondent), the others count questions.` };
}

export function fantomReport(results: readonly ResultInput[], options: FantomReportOptions = {}): BenchmarkReport {
  const unit = options.allUnit ?? "set";
  const notes: string[] = [];
  let scored = scoreResults(results);
  if (options.dropNoLong) {
    const before = scored.length;
    scored = scored.filter((r) => !isNoLong(r.question));
    notes.push(`${before - scored.length} Y/N answers with gold "no:long" left out (as eval_fantom.py does for the short context).`);
  }
  const unknown = scored.filter((r) => fantomFamily(r.question) === null).length;
  if (unknown) notes.push(`${unknown} results have no FANToM question family and are left out.`);
  const facts = scored.filter((r) => fantomFamily(r.question) === "fact");
  const tables = ACCESSIBILITY.map((a) => accessibilityTable(a.id, a.title, scored, facts, unit)).filter((t) => t.rows.length > 0);
  const beliefs = scored.filter((r) => fantomFamily(r.question) === "belief_choice" && tagText(r, "tom_type") !== null);
  if (beliefs.length) {
    tables.push({
      id: "belief_order",
      title: "BeliefQ[choice] by ToM order (Table 4)",
      rows: tabulate(beliefs, {
        accessibility: (r) => fantomAccessibility(r.question),
        tom_type: (r) => tagText(r, "tom_type"),
      }, { order: { accessibility: ["inaccessible", "accessible"], tom_type: ["first-order", "second-order:cyclic", "second-order:acyclic", "second-order:accessible"] } }),
    });
  }
  notes.push("Y/N rows are accuracy; the paper reports weighted F1 for models' Y/N answers. ALL* (which needs BeliefQ[dist.]) is not computed.");
  return { benchmark: "fantom", tables, comparisons: [], ...totals(scored), notes };
}
