// `npm run bench:metrics [-- --runs 5 --sizes 250000,500000,1000000 --ds-starts 1]`: majority, percent
// agreement, Fleiss' κ, Krippendorff's α (nominal), Gwet's AC1 and Dawid–Skene from long-format ratings
// (10 raters, 4 labels, seeded). Dawid–Skene runs `--ds-starts` starts (1: the majority-vote start only; the
// library default is 10, about 10× the time). Each size runs in its own process so peak RSS (maxRSS)
// belongs to that size alone.
// Prints a table, then one JSON object as the last line.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { z } from "zod";
import { countMatrix, dawidSkene, encodeRatings, fleissKappa, gwetAC1, krippendorffAlpha, majorityVote, percentAgreement, seededRandom, type Rating } from "@/lib/metrics";
import { median } from "./median";

const RATERS = 10;
const CATEGORIES = 4;
const ACCURACY = 0.7; // each rater gives the unit's hidden label with this probability, else a random one
const PHASES = ["encode", "countMatrix", "majority", "percentAgreement", "fleissKappa", "krippendorffAlpha", "gwetAC1", "dawidSkene"] as const;
type Phase = (typeof PHASES)[number];

const Args = z.object({
  runs: z.coerce.number().int().min(1).max(50),
  sizes: z.string().transform((s) => s.split(",").map((x) => z.coerce.number().int().min(RATERS).parse(x))),
  child: z.coerce.number().int().min(RATERS).optional(),
  dsStarts: z.coerce.number().int().min(1).max(100),
});

interface SizeResult {
  ratings: number;
  units: number;
  ms: Record<Phase | "total", number>;
  inputRssMB: number;
  peakRssMB: number;
  values: Record<string, number | null>;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function generate(ratings: number): Rating[] {
  const random = seededRandom(20261122);
  const labels = Array.from({ length: CATEGORIES }, (_, k) => `label-${k}`);
  const raters = Array.from({ length: RATERS }, (_, r) => `rater-${r}`);
  const out: Rating[] = [];
  for (let u = 0; u < ratings / RATERS; u++) {
    const unit = `unit-${u}`;
    const truth = Math.floor(random() * CATEGORIES);
    for (const rater of raters) out.push({ unit, rater, label: labels[random() < ACCURACY ? truth : Math.floor(random() * CATEGORIES)]! });
  }
  return out;
}

function measure(size: number, runs: number, dsStarts: number): SizeResult {
  const ratings = generate(size);
  const inputRss = process.memoryUsage().rss;
  const times = Object.fromEntries([...PHASES, "total"].map((p) => [p, [] as number[]])) as Record<Phase | "total", number[]>;
  let values: SizeResult["values"] = {};
  for (let run = 0; run < runs; run++) {
    const t: number[] = [performance.now()];
    const coded = encodeRatings(ratings);
    t.push(performance.now());
    const m = countMatrix(coded);
    t.push(performance.now());
    const vote = majorityVote(m);
    t.push(performance.now());
    const pa = percentAgreement(m);
    t.push(performance.now());
    const kappa = fleissKappa(m);
    t.push(performance.now());
    const alpha = krippendorffAlpha(m, "nominal");
    t.push(performance.now());
    const ac1 = gwetAC1(m);
    t.push(performance.now());
    const ds = dawidSkene(coded, { starts: dsStarts });
    t.push(performance.now());
    PHASES.forEach((p, i) => times[p].push(t[i + 1]! - t[i]!));
    times.total.push(t.at(-1)! - t[0]!);
    values = {
      withMajority: vote.withMajority,
      ties: vote.ties,
      percentAgreement: pa.value,
      fleissKappa: kappa.value,
      krippendorffAlpha: alpha.value,
      gwetAC1: ac1.value,
      dawidSkeneIterations: ds.value === null ? null : ds.value.iterations,
      dawidSkeneConverged: ds.value === null ? null : Number(ds.value.converged),
    };
  }
  const ms = Object.fromEntries(Object.entries(times).map(([p, xs]) => [p, Math.round(median(xs) * 10) / 10])) as SizeResult["ms"];
  // maxRSS is in kilobytes
  return { ratings: size, units: size / RATERS, ms, inputRssMB: mb(inputRss), peakRssMB: mb(process.resourceUsage().maxRSS * 1024), values };
}

function table(results: SizeResult[], runs: number, dsStarts: number): string {
  const head = ["ratings", "units", ...PHASES, "total", "input RSS MB", "peak RSS MB"];
  const rows = results.map((r) => [r.ratings, r.units, ...PHASES.map((p) => r.ms[p]), r.ms.total, r.inputRssMB, r.peakRssMB].map((x) => x.toLocaleString("en-US")));
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(width[i]!)).join("  ");
  return [`Metrics benchmark: ${RATERS} raters, ${CATEGORIES} labels, Dawid–Skene with ${dsStarts} start(s), times in ms (median of ${runs} runs)`, line(head), ...rows.map(line)].join("\n");
}

function main(): number {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "5" }, sizes: { type: "string", default: "250000,500000,1000000" }, child: { type: "string" }, "ds-starts": { type: "string", default: "1" } },
  });
  const args = Args.parse({ ...values, dsStarts: values["ds-starts"] });
  if (args.child !== undefined) {
    console.log(JSON.stringify(measure(args.child, args.runs, args.dsStarts)));
    return 0;
  }
  const results: SizeResult[] = [];
  for (const size of args.sizes) {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, "--child", String(size), "--runs", String(args.runs), "--ds-starts", String(args.dsStarts)], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    if (child.status !== 0) throw new Error(`the ${size}-rating run failed (exit ${child.status})`);
    results.push(JSON.parse(child.stdout.trim().split("\n").at(-1)!) as SizeResult);
  }
  console.log(table(results, args.runs, args.dsStarts));
  console.log(JSON.stringify({ benchmark: "metrics", node: process.version, runs: args.runs, raters: RATERS, categories: CATEGORIES, dsStarts: args.dsStarts, results }));
  return 0;
}

process.exitCode = main();
