import { stringify } from "yaml";
import type { AgreementFigures, BaselineResults, ChecklistResults, DesignResults, RatingResults, Study } from "@/lib/designs";
import type { ErrataCounts } from "@/lib/datasets/errata";
import { points } from "@/lib/points";
import { cell, figure, heading, percent, table } from "@/lib/release/markdown";

// The dataset card: README.md with the YAML front matter the Hugging Face Hub reads (licence,
// pretty name, one config per data file) and a body saying where the data came from, how items
// were validated, the human figures, who was excluded and why, the sample drawn, and the errata.

export interface CardFile {
  config: string;
  split: string;
  path: string;
  description: string;
}

export interface CardInput {
  generatedAt: string;
  app: string;
  study: Study;
  designLabel: string;
  dataset: { name: string; benchmark: string; benchmarkLabel: string; versionLabel: string | null; sourceFileName: string; contentHash: string; sourceRecords: number; license: string };
  licenseNote: string | null;
  results: DesignResults;
  counts: Record<string, unknown>;
  strata: { stratum: Record<string, string>; units: number }[];
  files: CardFile[];
  /** participants by status, of those who consented; `notConsented` opened the link and went no further */
  exclusion: { participantsByStatus: Record<string, number>; notConsented: number; voidedResponses: number };
  errata: { counts: ErrataCounts; removedByReason: Record<string, number>; kept: number; sourceRecords: number; decides: boolean };
  recompute: string;
}

function sizeCategory(n: number): string {
  const bands: [number, string][] = [
    [1e3, "n<1K"],
    [1e4, "1K<n<10K"],
    [1e5, "10K<n<100K"],
    [1e6, "100K<n<1M"],
    [1e7, "1M<n<10M"],
  ];
  return bands.find(([limit]) => n < limit)?.[1] ?? "10M<n<100M";
}

export function frontMatter(c: CardInput): string {
  const isBaseline = "byType" in c.results;
  const meta = {
    license: c.dataset.license,
    pretty_name: `${titleOf(c)} (Sally ${c.designLabel.toLowerCase()})`,
    task_categories: ["question-answering"],
    tags: ["theory-of-mind", c.dataset.benchmark, isBaseline ? "human-baseline" : "human-annotation", "sally"],
    size_categories: [sizeCategory(c.errata.decides ? c.errata.kept : c.dataset.sourceRecords)],
    configs: c.files.map((f, i) => ({ config_name: f.config, data_files: [{ split: f.split, path: f.path }], ...(i === 0 ? { default: true } : {}) })),
  };
  return `---\n${stringify(meta, { lineWidth: 0 })}---`;
}

export function datasetCard(c: CardInput): string {
  const s = c.study;
  const parts = [
    frontMatter(c),
    heading(1, titleOf(c)),
    `Exported by Sally ${cell(c.app)} on ${c.generatedAt} from the ${c.designLabel.toLowerCase()} study "${cell(s.name)}" (state: ${s.state}) ` +
      `over the dataset "${cell(c.dataset.name)}". This folder is a Hugging Face dataset repository as it stands: upload it whole.`,
    heading(2, "Files"),
    table(["config", "file", "what it holds"], [...c.files.map((f) => [f.config, f.path, f.description]), ["", "errata.csv", "what changed from the source: removed records with the reason, answer keys changed by adjudication"], ["", "manifest.json", "the study's settings, rule, sample, counts, agreement and report, to recompute every figure"]]),
    heading(2, "Source and licence"),
    table(["", ""], [
      ["benchmark", c.dataset.benchmarkLabel],
      ["dataset", c.dataset.name],
      ["version", c.dataset.versionLabel ?? "—"],
      ["source file", c.dataset.sourceFileName],
      ["source sha256", c.dataset.contentHash],
      ["source records", String(c.dataset.sourceRecords)],
      ["licence", c.dataset.license],
    ]),
    c.licenseNote ? `Licence note: ${c.licenseNote}` : "",
    ...validationSection(c),
    ...baselineSection(c),
    ...checklistSection(c),
    ...ratingSection(c),
    ...exclusionSection(c),
    ...sampleSection(c),
    ...errataSection(c),
    heading(2, "Recomputing the figures"),
    c.recompute,
    filesForRecomputing(c.files),
  ];
  return parts.filter((p) => p !== "").join("\n\n") + "\n";
}

/** "ToMATO: <study>", unless the study's name already starts with the benchmark's */
function titleOf(c: CardInput): string {
  const label = c.dataset.benchmarkLabel;
  return c.study.name.toLowerCase().startsWith(label.toLowerCase()) ? c.study.name : `${label}: ${c.study.name}`;
}

/** which export each of this folder's tables is (only the tables it holds) */
const EXPORT_OF: Record<string, string> = {
  responses: "the rows of the raw responses export (less platform worker ids)",
  scored: "those of the scored-responses export",
  decisions: "the decision of each unit",
};

function filesForRecomputing(files: CardFile[]): string {
  const said = files.filter((f) => EXPORT_OF[f.config]).map((f) => `\`${f.path}\` holds ${EXPORT_OF[f.config]}`);
  if (said.length === 0) return "";
  return `In this folder, ${said.length > 1 ? `${said.slice(0, -1).join(", ")} and ${said.at(-1)}` : said[0]}.`;
}

function validationSection(c: CardInput): string[] {
  const s = c.study;
  const rule = (s.config as { rule?: unknown }).rule ?? null;
  const how = `Design: ${c.designLabel}. Unit: ${s.unitType}. Answers per unit (N): ${s.n}.`;
  if (!c.results.decisions) return [heading(2, "How the study was run"), how];
  const out = [
    heading(2, "How items were validated"),
    `${how} The decision rule: ${cell(JSON.stringify(rule))} (a majority vote per check; a researcher's adjudication overrides the vote).`,
  ];
  const decisions = c.results.decisions;
  if (decisions) out.push(table(["decision", "units"], Object.entries(decisions).map(([k, v]) => [k, String(v)])));
  if (c.errata.decides) {
    out.push(`Source records in the study: ${String(c.counts.sourceRecordsInScope ?? "—")}; kept in the validated file: ${c.errata.kept}.`);
  }
  const agreement = c.results.agreement ?? [];
  if (agreement.length) {
    out.push(heading(3, "Agreement"));
    out.push(
      table(
        ["check", "items", "ratings", "Fleiss' κ", "Krippendorff's α", "percent agreement", "Gwet's AC1"],
        agreement.map((a) => [a.label, ...agreementCells(a.figures)]),
      ),
    );
    const notes = [...new Set(agreement.flatMap((a) => a.figures.notes))];
    if (notes.length) out.push(notes.map((n) => `- ${cell(n)}`).join("\n"));
  }
  return out;
}

function agreementCells(f: AgreementFigures): string[] {
  return [String(f.items), String(f.ratings), figure(f.fleissKappa), figure(f.krippendorffAlpha), percent(f.percentAgreement), figure(f.gwetAC1)];
}

function baselineSection(c: CardInput): string[] {
  if (!("byType" in c.results)) return [];
  const r = c.results as BaselineResults;
  const ci = (x: [number, number] | null) => (x ? `${percent(x[0])}–${percent(x[1])}` : "—");
  const out = [
    heading(2, "Human baseline"),
    `Human accuracy, scored by the benchmark's own rules (valid answers at the last stage), with Wilson 95% intervals.`,
    table(["question type", "answers", "correct", "accuracy", "95% CI"], r.byType.map((t) => [t.key, String(t.n), String(t.correct), percent(t.accuracy), ci(t.ci95)])),
  ];
  if (r.sets) out.push(`Sets with every question right ("All"): ${percent(r.sets.all)} of ${r.sets.n}.`);
  if (r.byGroupStage?.length) {
    out.push(heading(3, "Groups and stages"));
    out.push(table(["group", "stage", "view", "answers", "correct", "accuracy", "95% CI"], r.byGroupStage.map((g) => [g.key.group, String(g.key.stage), g.view ?? "—", String(g.n), String(g.correct), percent(g.accuracy), ci(g.ci95)])));
    const gaps = (r.groupGap ?? []).map((g) => [String(g.stage), `${g.groups[0]} − ${g.groups[1]}`, String(g.pairs), points(g.diff), pointsCi(g.ci95), figure(g.mcnemarP)]);
    if (gaps.length) out.push(table(["stage", "groups", "questions answered by both", "difference", "95% CI (Newcombe, paired)", "McNemar p"], gaps));
  }
  if (r.models.length) {
    out.push(heading(3, "Beside models"));
    out.push("Each model on the questions with a scored human answer; humans' accuracy on their answers to those questions; the difference paired by question.");
    out.push(
      table(
        ["model", "questions", "human accuracy", "model accuracy", "human − model", "95% CI", "McNemar p"],
        r.models.map((m) => [m.model, String(m.n), percent(m.humanAccuracy), percent(m.accuracy), points(m.diff), pointsCi(m.diffCi95), figure(m.mcnemarP)]),
      ),
    );
  }
  return out;
}

/** A difference's interval, in percentage points. */
function pointsCi(x: [number, number] | null): string {
  return x ? `${points(x[0])} to ${points(x[1])}` : "—";
}

function checklistSection(c: CardInput): string[] {
  if (!("criteria" in c.results)) return [];
  const r = c.results as ChecklistResults;
  return [
    heading(2, "Criteria"),
    "Per criterion, the units whose reviewers' majority (or a researcher's adjudication) decided it, and the share that passed, with a Wilson 95% interval.",
    table(
      ["criterion", "prompt", "decided", "passed", "pass rate", "95% CI", "Fleiss' κ"],
      r.criteria.map((k) => [k.key, k.prompt, String(k.decided), String(k.passed), percent(k.passRate), k.ci95 ? `${percent(k.ci95[0])}–${percent(k.ci95[1])}` : "—", figure(k.fleissKappa)]),
    ),
  ];
}

function ratingSection(c: CardInput): string[] {
  if (!("scale" in c.results && "correlations" in c.results)) return [];
  const r = c.results as RatingResults;
  const out = [
    heading(2, "Ratings"),
    "Per model, the mean over its answers of each answer's mean rating, with a percentile bootstrap 95% interval.",
    table(["model", "answers", "ratings", "mean", "95% CI", "ratings with a penalty"], r.models.map((m) => [m.model, String(m.answers), String(m.ratings), figure(m.meanScore), m.ci95 ? `${figure(m.ci95[0])}–${figure(m.ci95[1])}` : "—", percent(m.penaltyRate)])),
  ];
  if (r.correlations.length) {
    out.push(heading(3, "Correlations with the metrics"));
    out.push(table(["metric", "answers", "Pearson r", "Spearman ρ"], r.correlations.map((k) => [k.metric, String(k.n), figure(k.pearson), figure(k.spearman)])));
  }
  if (r.agreement.length) {
    out.push(heading(3, "Agreement"));
    out.push(table(["rating", "items", "ratings", "Fleiss' κ", "Krippendorff's α", "percent agreement", "Gwet's AC1"], r.agreement.map((a) => [a.label, ...agreementCells(a.figures)])));
  }
  return out;
}

function exclusionSection(c: CardInput): string[] {
  const policy = c.study.settings.exclusion;
  const rules = policy
    ? [
        policy.maxFailedAttention !== null ? `more than ${policy.maxFailedAttention} failed attention checks` : null,
        policy.minGoldAccuracy !== null ? `gold accuracy below ${percent(policy.minGoldAccuracy)} (after ${policy.minGoldItems} gold items)` : null,
      ].filter((r): r is string => r !== null)
    : [];
  const statuses = Object.entries(c.exclusion.participantsByStatus);
  return [
    heading(2, "Participants and the exclusion policy"),
    rules.length
      ? `Declared before the study opened: a participant is excluded for ${rules.join(", or ")}. Their answers are voided and their units reopened, so every unit still ends with N valid answers. Partial answers of participants who returned or timed out: ${policy!.partialAnswers}.`
      : "No exclusion policy was declared.",
    statuses.length ? table(["participant status", "participants who consented"], statuses.map(([k, v]) => [k, String(v)])) : "",
    c.exclusion.notConsented ? `A further ${c.exclusion.notConsented} opened the study link and did not consent; they saw no item and are not counted above.` : "",
    `Responses voided (kept in the raw files with valid = false): ${c.exclusion.voidedResponses}.`,
  ];
}

function sampleSection(c: CardInput): string[] {
  const sampling = c.study.settings.sampling;
  const words = sampling.kind === "all" ? "every item matching the study's filter" : sampling.kind === "random" ? `${sampling.k} items at random (seed ${sampling.seed})` : `${sampling.k} items stratified by ${sampling.by.join(", ")} (seed ${sampling.seed})`;
  const filter = Object.keys(c.study.filter).length ? ` Filter: ${cell(JSON.stringify(c.study.filter))}.` : "";
  return [
    heading(2, "The sample"),
    `Drawn: ${words}.${filter}`,
    c.strata.length ? table(["stratum", "units"], c.strata.map((s) => [Object.entries(s.stratum).map(([k, v]) => `${k}=${v}`).join(", "), String(s.units)])) : "",
  ];
}

function errataSection(c: CardInput): string[] {
  const e = c.errata;
  if (!e.decides) return [heading(2, "Errata"), "This study's design does not decide which items to keep: nothing was removed. `errata.csv` lists answer keys changed by adjudication, if any."];
  return [
    heading(2, "Errata"),
    `From ${e.sourceRecords} source records to ${e.kept} in the validated file: ${e.counts.removed} removed, ${e.counts.key_changed} answer-key decisions changed by adjudication. Every change is a row of \`errata.csv\`.`,
    Object.keys(e.removedByReason).length ? table(["removed because", "records"], Object.entries(e.removedByReason).map(([k, v]) => [k, String(v)])) : "",
  ];
}
