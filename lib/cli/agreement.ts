// `sally agreement <file.csv> [--level ...] [--labels a,b,c] [--aggregate majority|dawid-skene] [--json]`:
// inter-rater agreement for a long-format CSV with a header naming unit, rater and label (other columns are
// ignored). Declared labels fix the scale: unused ones still count (AC1's Q), their order is the order of
// weighted κ, and any other label in the file is refused.
import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { parse } from "csv-parse";
import { z } from "zod";
import type { Command } from "@/lib/cli/args";
import {
  agreementSummary,
  ALPHA_LEVELS,
  countMatrix,
  dawidSkene,
  DuplicateRatingError,
  majorityVote,
  RatingsEncoder,
  TIE,
  type AgreementSummary,
  type AlphaLevel,
  type CodedRatings,
  type Label,
  type Result,
} from "@/lib/metrics";

const USAGE = `Usage: npm run -s sally -- agreement <file.csv> [--level nominal|ordinal|interval|ratio]
         [--labels a,b,c] [--aggregate majority|dawid-skene] [--json]
  The CSV needs a header with unit, rater and label columns (any order; other columns ignored).
  --level      Krippendorff's α metric (default nominal); κ, AC1 and percent agreement are always nominal.
  --labels     the label set, in scale order: unused labels still count for AC1, weighted κ uses this order,
               and a label in the file that is not listed is an error.
  --aggregate  majority (default) or dawid-skene: also fit Dawid–Skene (10 seeded starts) and report its labels.
  --json       print one JSON object as the last line: units, raters, ratings, percentAgreement, fleissKappa,
               krippendorffAlpha, gwetAC1, cohenKappa, weightedKappa {linear, quadratic} (2 raters and ordered
               labels: --labels, or numbers at a non-nominal --level; else null), majority {withMajority, ties},
               notes, and with dawid-skene: dawidSkene {labels {unit: label}, iterations, converged,
               logLikelihood, starts}.
Exit codes: 0 ok, 1 unreadable or invalid input, 2 bad arguments.`;

class InputError extends Error {}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const Args = z
  .object({
    file: z.string().min(1, "give the CSV file"),
    level: z.enum(ALPHA_LEVELS as [AlphaLevel, ...AlphaLevel[]]),
    labels: z
      .string()
      .transform((s) => s.split(",").map((l) => l.trim()))
      .refine((ls) => ls.length >= 2 && ls.every((l) => l !== ""), "give at least two non-empty labels, comma-separated")
      .optional(),
    aggregate: z.enum(["majority", "dawid-skene"]),
    json: z.boolean(),
  })
  .refine((a) => a.level === "nominal" || !a.labels || a.labels.every((l) => NUMBER.test(l)), { message: "at a non-nominal --level every label must be a number", path: ["labels"] })
  .refine((a) => !a.labels || new Set(a.labels.map((l) => (a.level === "nominal" ? l : Number(l)))).size === a.labels.length, { message: "a label is listed twice", path: ["labels"] });

const COLUMNS = ["unit", "rater", "label"] as const;

interface Parsed {
  coded: CodedRatings;
  skipped: number;
}

async function readRatings(file: string, level: AlphaLevel, declared: readonly string[] | undefined): Promise<Parsed> {
  const asLabel = (l: string): Label => (level === "nominal" ? l : Number(l));
  const encoder = declared ? new RatingsEncoder(declared.map(asLabel), { order: "declared" }) : new RatingsEncoder();
  const lines: number[] = []; // file line of each kept rating, for error messages
  let columns: number[] | null = null;
  let skipped = 0;
  const options = { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, record_delimiter: ["\r\n", "\n", "\r"] };
  const source = createReadStream(file);
  const parser = source.pipe(parse(options));
  source.on("error", (err) => parser.destroy(err));
  const rows = parser as AsyncIterable<{ record: string[]; info: { lines: number } }>;
  try {
    for await (const { record, info } of rows) {
      if (columns === null) {
        const header = record.map((h) => h.trim().toLowerCase());
        const absent = COLUMNS.filter((c) => !header.includes(c));
        if (absent.length > 0) throw new InputError(`missing column(s) ${absent.join(", ")}: line 1 must name unit, rater and label (found: ${record.join(",")})`);
        columns = COLUMNS.map((c) => header.indexOf(c));
        continue;
      }
      const [unit, rater, label] = columns.map((i) => record[i]?.trim());
      const line = info.lines;
      if (unit === undefined || rater === undefined || label === undefined) throw new InputError(`line ${line}: expected a unit, rater and label, got ${record.length} field(s)`);
      if (unit === "") throw new InputError(`line ${line}: empty unit`);
      if (rater === "") throw new InputError(`line ${line}: empty rater`);
      if (label === "") {
        skipped++;
        continue;
      }
      if (level !== "nominal" && !NUMBER.test(label)) throw new InputError(`line ${line}: label "${label}" is not a number (--level ${level})`);
      if (declared && !encoder.declares(asLabel(label))) throw new InputError(`line ${line}: label "${label}" is not one of --labels ${declared.join(",")}`);
      encoder.add(unit, rater, asLabel(label));
      lines.push(line);
    }
  } finally {
    source.destroy();
  }
  if (columns === null) throw new InputError(`${file} is empty: expected a header with unit, rater and label`);
  if (encoder.size === 0) throw new InputError(`${file} has no ratings after the header`);
  try {
    return { coded: encoder.finish(), skipped };
  } catch (err) {
    if (!(err instanceof DuplicateRatingError)) throw err;
    throw new InputError(`line ${lines[err.index]}: rater "${err.rater}" already rated unit "${err.unit}" on line ${lines[err.firstIndex]}`);
  }
}

const num = (r: Result): number | null => r.value;
const show = (r: Result): string => (r.value === null ? "—" : r.value.toFixed(4));

interface DawidSkeneReport {
  labels: Record<string, Label | null>;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  starts: number;
  /** Units whose Dawid–Skene label differs from a clear majority, for the table. */
  changed: number;
}

function dawidSkeneReport(coded: CodedRatings, notes: string[]): DawidSkeneReport | null {
  const fit = dawidSkene(coded);
  if (fit.value === null) {
    notes.push(`Dawid–Skene: ${fit.reason}`);
    return null;
  }
  const m = fit.value;
  const vote = majorityVote(countMatrix(coded)).winner;
  let changed = 0;
  const labels: Record<string, Label | null> = {};
  m.units.forEach((unit, u) => {
    labels[unit] = m.labels[u] === TIE ? null : m.categories[m.labels[u]!]!;
    if (vote[u]! >= 0 && m.labels[u] !== vote[u]) changed++;
  });
  if (!m.converged) notes.push(`Dawid–Skene did not converge in ${m.iterations} iterations; its labels are provisional`);
  return { labels, iterations: m.iterations, converged: m.converged, logLikelihood: m.logLikelihood, starts: m.starts, changed };
}

function table(file: string, s: AgreementSummary, ds: DawidSkeneReport | null): string {
  const rows: [string, string][] = [
    ["file", file],
    ["units", String(s.units)],
    ["raters", String(s.raters)],
    ["ratings", String(s.ratings)],
    ["percent agreement", show(s.percentAgreement)],
    ["Fleiss' κ", show(s.fleissKappa)],
    [`Krippendorff's α (${s.level})`, show(s.krippendorffAlpha)],
    ["Gwet's AC1", show(s.gwetAC1)],
    ["Cohen's κ", show(s.cohenKappa)],
    ...(s.weightedCohenKappa
      ? ([
          ["Cohen's κ, linear weights", show(s.weightedCohenKappa.linear)],
          ["Cohen's κ, quadratic weights", show(s.weightedCohenKappa.quadratic)],
        ] as [string, string][])
      : []),
    ["majority", `${s.majority.withMajority} units with a majority, ${s.majority.ties} tied`],
    ...(ds
      ? ([
          ["Dawid–Skene", `${ds.converged ? "converged" : "NOT converged"} after ${ds.iterations} iterations (best of ${ds.starts} starts), log-likelihood ${ds.logLikelihood.toFixed(2)}`],
          ["Dawid–Skene vs majority", `${ds.changed} units labelled differently`],
        ] as [string, string][])
      : []),
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const body = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  const notes = s.notes.length > 0 ? ["", "Notes:", ...s.notes.map((n) => `  - ${n}`)] : [];
  return [...body, ...notes].join("\n");
}

async function run(argv: string[]): Promise<number> {
  let args: z.infer<typeof Args>;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        level: { type: "string", default: "nominal" },
        labels: { type: "string" },
        aggregate: { type: "string", default: "majority" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new Error(`expected one file, got ${positionals.length}`);
    args = Args.parse({ file: positionals[0] ?? "", level: values.level, labels: values.labels, aggregate: values.aggregate, json: values.json });
  } catch (err) {
    const message = err instanceof z.ZodError ? err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") : (err as Error).message;
    console.error(`error: ${message}\n\n${USAGE}`);
    return 2;
  }
  let parsed: Parsed;
  try {
    parsed = await readRatings(args.file, args.level, args.labels);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const csv = e.code?.startsWith("CSV_");
    console.error(`error: ${err instanceof InputError ? e.message : csv ? `${args.file} is not valid CSV: ${e.message}` : `cannot read ${args.file}: ${e.message}`}`);
    return 1;
  }
  const s = agreementSummary(parsed.coded, args.level, { ordered: args.labels !== undefined });
  if (parsed.skipped > 0) s.notes.unshift(`${parsed.skipped} row(s) with an empty label were skipped as missing ratings`);
  if (!s.weightedCohenKappa) {
    const why =
      s.raters !== 2
        ? `weighted κ: needs exactly 2 raters; there are ${s.raters}`
        : "weighted κ: needs labels in scale order: give --labels, or numeric labels with --level ordinal, interval or ratio";
    if (!s.notes.includes(why)) s.notes.push(why);
  }
  const ds = args.aggregate === "dawid-skene" ? dawidSkeneReport(parsed.coded, s.notes) : null;
  if (!args.json) {
    console.log(table(args.file, s, ds));
    return 0;
  }
  const out = {
    units: s.units,
    raters: s.raters,
    ratings: s.ratings,
    percentAgreement: num(s.percentAgreement),
    fleissKappa: num(s.fleissKappa),
    krippendorffAlpha: num(s.krippendorffAlpha),
    gwetAC1: num(s.gwetAC1),
    cohenKappa: num(s.cohenKappa),
    weightedKappa: s.weightedCohenKappa ? { linear: num(s.weightedCohenKappa.linear), quadratic: num(s.weightedCohenKappa.quadratic) } : null,
    majority: { withMajority: s.majority.withMajority, ties: s.majority.ties },
    notes: s.notes,
    ...(args.aggregate === "dawid-skene"
      ? { dawidSkene: ds && { labels: ds.labels, iterations: ds.iterations, converged: ds.converged, logLikelihood: ds.logLikelihood, starts: ds.starts } }
      : {}),
  };
  console.log(JSON.stringify(out));
  return 0;
}

export const agreementCommand: Command = {
  summary: "Inter-rater agreement (percent, Fleiss' κ, Krippendorff's α, Gwet's AC1, Cohen's κ, weighted κ) and Dawid–Skene labels for a unit,rater,label CSV",
  run,
};
