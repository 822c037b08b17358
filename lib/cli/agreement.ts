// `sally agreement <file.csv> [--level nominal|ordinal|interval|ratio] [--json]`: inter-rater agreement
// for a long-format CSV with a header naming unit, rater and label (other columns are ignored).
import { createReadStream } from "node:fs";
import { parseArgs } from "node:util";
import { parse } from "csv-parse";
import { z } from "zod";
import type { Command } from "@/lib/cli/commands";
import { agreementSummary, ALPHA_LEVELS, DuplicateRatingError, RatingsEncoder, type AgreementSummary, type AlphaLevel, type CodedRatings, type Result } from "@/lib/metrics";

const USAGE = `Usage: npm run -s sally -- agreement <file.csv> [--level nominal|ordinal|interval|ratio] [--json]
  The CSV needs a header with unit, rater and label columns (any order; other columns ignored).
  --level  Krippendorff's α metric (default nominal); κ, AC1 and percent agreement are always nominal.
  --json   print one JSON object as the last line.
Exit codes: 0 ok, 1 unreadable or invalid input, 2 bad arguments.`;

const Args = z.object({
  file: z.string().min(1, "give the CSV file"),
  level: z.enum(ALPHA_LEVELS as [AlphaLevel, ...AlphaLevel[]]),
  json: z.boolean(),
});

class InputError extends Error {}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const COLUMNS = ["unit", "rater", "label"] as const;

interface Parsed {
  coded: CodedRatings;
  skipped: number;
}

async function readRatings(file: string, level: AlphaLevel): Promise<Parsed> {
  const encoder = new RatingsEncoder();
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
      encoder.add(unit, rater, level === "nominal" ? label : Number(label));
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

function table(file: string, s: AgreementSummary): string {
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
      options: { level: { type: "string", default: "nominal" }, json: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new Error(`expected one file, got ${positionals.length}`);
    args = Args.parse({ file: positionals[0] ?? "", level: values.level, json: values.json });
  } catch (err) {
    const message = err instanceof z.ZodError ? err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") : (err as Error).message;
    console.error(`error: ${message}\n\n${USAGE}`);
    return 2;
  }
  let parsed: Parsed;
  try {
    parsed = await readRatings(args.file, args.level);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const csv = e.code?.startsWith("CSV_");
    console.error(`error: ${err instanceof InputError ? e.message : csv ? `${args.file} is not valid CSV: ${e.message}` : `cannot read ${args.file}: ${e.message}`}`);
    return 1;
  }
  const s = agreementSummary(parsed.coded, args.level);
  if (parsed.skipped > 0) s.notes.unshift(`${parsed.skipped} row(s) with an empty label were skipped as missing ratings`);
  if (!args.json) {
    console.log(table(args.file, s));
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
    majority: { withMajority: s.majority.withMajority, ties: s.majority.ties },
    notes: s.notes,
  };
  console.log(JSON.stringify(out));
  return 0;
}

export const agreementCommand: Command = {
  summary: "Inter-rater agreement (percent, Fleiss' κ, Krippendorff's α, Gwet's AC1, Cohen's κ) for a unit,rater,label CSV",
  run,
};
