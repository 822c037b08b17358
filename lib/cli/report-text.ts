// The plain-text form of `sally report`: each section's main figures, for whichever design the
// study is. The report is read by shape, not by design, because the CLI may not import a design's
// folder; a section absent from the report is simply not printed.
import { points } from "@/lib/points";

type Interval = [number, number] | null | undefined;
type Figure = number | null | undefined;

interface Acc {
  key: unknown;
  n: number;
  accuracy: Figure;
  ci95?: Interval;
  ci?: Interval;
  view?: string | null;
}

interface Report {
  studyId: string;
  design: string;
  responses: number;
  participants: number;
  byType?: Acc[];
  byStratum?: Acc[];
  byGroupStage?: Acc[];
  groupGap?: { stage: number; view: string | null; groups: [string, string]; pairs: number; diff: Figure; ci95: Interval; mcnemarP: Figure }[];
  revisions?: { group: string; n: number; rightToWrong: number; wrongToRight: number; mcnemarP: Figure }[];
  summary?: { tables: { title: string; rows: { group: Record<string, string>; n: number; accuracy: Figure; ci: Interval }[] }[]; figures: { label: string; value: Figure; n: number }[] };
  models?: { model: string; n: number; accuracy?: Figure; humanAccuracy?: Figure; diff?: Figure; meanScore?: Figure; ci95?: Interval; penaltyRate?: Figure }[];
  correlations?: { metric: string; n: number; pearson: Figure; spearman: Figure }[];
  criteria?: { key: string; n: number; passRate: Figure; ci95: Interval; fleissKappa: Figure }[];
  decisions?: Record<string, number>;
  agreement?: { label: string; figures: { items: number; fleissKappa: Figure; krippendorffAlpha: Figure; percentAgreement: Figure; gwetAC1: Figure } }[] | { krippendorffAlphaInterval?: Figure; icc?: { single: Figure; average: Figure } };
  modelsByStage?: { stage: number; view: string | null; models: NonNullable<Report["models"]> }[];
  sets?: { all: Figure; allStar: Figure; n: number };
}

const pct = (v: Figure) => (v === null || v === undefined ? "—" : `${(v * 100).toFixed(1)}%`);
// a rounding error such as -8e-17 prints as 0, not "-0.000"
const num = (v: Figure, digits = 3) => (v === null || v === undefined ? "—" : (Math.abs(v) < 0.5 * 10 ** -digits ? 0 : v).toFixed(digits));
const interval = (ci: Interval) => (ci ? `[${pct(ci[0])}, ${pct(ci[1])}]` : "");
const pointsCi = (ci: Interval) => (ci ? `[${points(ci[0])}, ${points(ci[1])}]` : "");
const pValue = (p: Figure) => (p === null || p === undefined ? "p —" : `p ${p < 0.001 ? "< 0.001" : p.toFixed(3)}`);

function keyText(key: unknown): string {
  if (typeof key === "string") return key;
  if (key && typeof key === "object") return Object.entries(key).map(([k, v]) => `${k}=${String(v)}`).join(", ");
  return String(key);
}

function accuracyLines(title: string, rows: Acc[] | undefined): string[] {
  if (!rows?.length) return [];
  return [title, ...rows.map((r) => `  ${(keyText(r.key) + (r.view ? ` (${r.view})` : "")).padEnd(40)} ${pct(r.accuracy).padStart(7)} ${interval(r.ci95 ?? r.ci).padEnd(18)} n=${r.n}`)];
}

function baselineLines(r: Report): string[] {
  const lines = [...accuracyLines("Human accuracy by type", r.byType), ...accuracyLines("By group × stage", r.byGroupStage)];
  for (const g of r.groupGap ?? []) lines.push(`  stage ${g.stage}${g.view ? ` (${g.view})` : ""}: ${g.groups[0]} − ${g.groups[1]} ${points(g.diff)} ${pointsCi(g.ci95)} on ${g.pairs} questions, ${pValue(g.mcnemarP)}`);
  for (const v of r.revisions ?? []) lines.push(`  revisions, ${v.group}: ${v.n} answered at both stages, right → wrong ${v.rightToWrong}, wrong → right ${v.wrongToRight}, ${pValue(v.mcnemarP)}`);
  if (r.sets) lines.push(`Sets with every question right: All ${pct(r.sets.all)}, All* ${pct(r.sets.allStar)} of ${r.sets.n} (respondent, set) pairs`);
  lines.push(...accuracyLines("By stratum", r.byStratum));
  for (const t of r.summary?.tables ?? []) lines.push(...accuracyLines(t.title, t.rows.map((row) => ({ key: row.group, n: row.n, accuracy: row.accuracy, ci: row.ci }))));
  const figures = r.summary?.figures ?? [];
  if (figures.length) lines.push("Benchmark figures", ...figures.map((f) => `  ${f.label.padEnd(34)} ${num(f.value).padStart(7)}  n=${f.n}`));
  return lines;
}

function modelLines(r: Report): string[] {
  const staged = (r.modelsByStage ?? []).flatMap((s) => modelRows(`Models at stage ${s.stage}${s.view ? ` (${s.view})` : ""}, on the same questions`, s.models));
  return [...modelRows(r.models?.some((m) => m.meanScore !== undefined) ? "Ratings by model" : "Models on the same questions", r.models ?? []), ...staged];
}

function modelRows(title: string, models: NonNullable<Report["models"]>): string[] {
  if (!models.length) return [];
  const rated = models.some((m) => m.meanScore !== undefined);
  return [
    title,
    ...models.map((m) =>
      rated
        ? `  ${m.model.padEnd(34)} mean ${num(m.meanScore, 2)} ${m.ci95 ? `[${num(m.ci95[0], 2)}, ${num(m.ci95[1], 2)}]` : ""}  n=${m.n}  penalised ${pct(m.penaltyRate)}`
        : `  ${m.model.padEnd(34)} ${pct(m.accuracy).padStart(7)}  n=${m.n}  humans on these ${pct(m.humanAccuracy)}  human − model ${points(m.diff)}`,
    ),
  ];
}

function expertLines(r: Report): string[] {
  const lines: string[] = [];
  if (r.criteria?.length) lines.push("Pass rate per criterion", ...r.criteria.map((c) => `  ${c.key.padEnd(34)} ${pct(c.passRate).padStart(7)} ${interval(c.ci95).padEnd(18)} n=${c.n}  Fleiss κ ${num(c.fleissKappa)}`));
  if (r.correlations?.length) lines.push("Correlations with the metrics", ...r.correlations.map((c) => `  ${c.metric.padEnd(34)} Pearson ${num(c.pearson)}  Spearman ${num(c.spearman)}  n=${c.n}`));
  return lines;
}

function validationLines(r: Report): string[] {
  const lines: string[] = [];
  if (r.decisions) lines.push(`Units: ${Object.entries(r.decisions).map(([status, n]) => `${status.replace("_", " ")} ${n}`).join(", ")}`);
  if (r.agreement && !Array.isArray(r.agreement)) {
    // a rating study's: α at the interval level and ICC(1,1) / ICC(1,k)
    const { krippendorffAlphaInterval: alpha, icc } = r.agreement;
    lines.push(`Agreement on the score: Krippendorff α (interval) ${num(alpha)}  ICC(1,1) ${num(icc?.single)}  ICC(1,k) ${num(icc?.average)}`);
  }
  if (Array.isArray(r.agreement) && r.agreement.length) {
    lines.push("Agreement per check");
    for (const a of r.agreement) lines.push(`  ${a.label.padEnd(34)} Fleiss κ ${num(a.figures.fleissKappa)}  α ${num(a.figures.krippendorffAlpha)}  agreement ${pct(a.figures.percentAgreement)}  AC1 ${num(a.figures.gwetAC1)}  units=${a.figures.items}`);
  }
  return lines;
}

export function reportText(report: object): string {
  const r = report as Report;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const head = `Study ${r.studyId} (${r.design}): ${plural(r.responses, "response")} from ${plural(r.participants, "participant")}`;
  return [head, ...baselineLines(r), ...modelLines(r), ...expertLines(r), ...validationLines(r)].join("\n");
}
