// `npx tsx scripts/profile-summary.ts <file.cpuprofile | dir>… [--app-root <dir>] [--top 5] [--json]`
// Groups the samples of V8 CPU profiles (`node --cpu-prof`, e.g. through bench:assign's
// BENCH_APP_NODE_ARGS) by what spent the time: Next.js's route layer, Prisma (with its wasm query
// compiler), pg, JSON, auth/cookie, zod, our code, Node's HTTP and sockets, GC, idle. A sample
// goes to its innermost frame that has a source: a builtin (JSON.parse, a socket write) counts
// for whoever called it, except JSON's, which is a group of its own. Frames in the production
// build's bundled chunks are traced back to their source file through the chunk's source map
// when there is one (`--app-root`: the checkout whose `.next` the app served).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";

const frameSchema = z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number(), columnNumber: z.number() });
const profileSchema = z.object({
  nodes: z.array(z.object({ id: z.number(), callFrame: frameSchema, children: z.array(z.number()).optional() })),
  startTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
type Frame = z.infer<typeof frameSchema>;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "app-root": { type: "string" },
    top: { type: "string", default: "0" },
    json: { type: "boolean", default: false },
    // the run's window on the monotonic clock in µs, as bench:assign prints it: start-up and set-up left out
    window: { type: "string" },
  },
});
const top = z.coerce.number().int().min(0).parse(values.top);
const appRoot = values["app-root"] ? path.resolve(values["app-root"]) : null;
const windowUs = values.window
  ? z
      .string()
      .regex(/^\d+-\d+$/, "--window: <startUs>-<endUs>")
      .transform((w) => w.split("-").map(Number) as [number, number])
      .parse(values.window)
  : null;

const PG = /\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pg-cloudflare|pgpass|pg-connection-string|postgres-array|postgres-bytea|postgres-date|postgres-interval)\//;
const AUTH = /\/node_modules\/(next-auth|jose|@panva|openid-client|oauth|cookie|oidc-token-hash)\//;
const NODE_IO = /^node:(_http|http|https|net|stream|events|dns|tls|internal\/(http|streams|stream_base_commons|net|child_process|dns|timers|async_hooks|process\/task_queues|url|webstreams|deps\/undici))/;

/** The group of a source location: a file path or URL (after source-map tracing, if any). */
function groupOf(encoded: string): string {
  const source = encoded.replaceAll("%40", "@");
  if (source.startsWith("wasm://") || /@prisma\/|\/\.prisma\/|lib\/db\/generated\/|query_compiler/.test(source)) return "Prisma (incl. wasm query compiler)";
  if (PG.test(source)) return "pg";
  if (AUTH.test(source) || /lib\/auth\/|lib\/participants\/token/.test(source)) return "auth / cookie";
  if (/\/node_modules\/zod\//.test(source)) return "zod";
  if (/\/node_modules\/next\/|node_modules_next_|\[next\]\/|next\/dist\//.test(source)) return "Next.js (route layer, server)";
  if (/\/node_modules\/(react|react-dom|scheduler)\/|react-server-dom/.test(source)) return "React";
  if (/^node:zlib|\/node_modules\/(compression|zlib)/.test(source)) return "zlib (compression)";
  if (/^node:internal\/modules|\/node_modules\/(tsx|esbuild|get-tsconfig)\//.test(source)) return "module loading";
  if (NODE_IO.test(source)) return "Node HTTP, sockets, streams, timers";
  if (/^node:(internal\/)?crypto/.test(source)) return "crypto (cookie HMAC, UUIDs)";
  if (source.startsWith("node:")) return "Node other";
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];
  if (pkg) return `package ${pkg}`;
  if (/(^|\/)(app|lib|components|scripts|proxy\.ts|middleware\.ts|i18n)\b/.test(source) || source.startsWith("[project]/")) return "our code";
  if (/\.next\/server\//.test(source)) return "build chunks (no source map)";
  return "other";
}

const maps = new Map<string, SourceMap | null>();
/** The source file a bundled frame came from, through the chunk's source map, else the chunk's own URL. */
function traced(frame: Frame): string {
  if (!appRoot || !frame.url.includes("/.next/")) return frame.url;
  const file = frame.url.startsWith("file://") ? fileURLToPath(frame.url) : frame.url;
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")) as SourceMapPayload));
    } catch {
      maps.set(file, null);
    }
  }
  const entry = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry && "originalSource" in entry && entry.originalSource ? entry.originalSource : frame.url;
}

const JSON_BUILTINS = new Set(["parse", "stringify", "JSONParse", "JSONStringify"]);
const SPECIAL = new Map([
  ["(idle)", "idle"],
  ["(garbage collector)", "GC"],
  ["(program)", "V8 / native (program)"],
  ["(root)", "other"],
]);

function files(args: string[]): string[] {
  return args.flatMap((a) => (statSync(a).isDirectory() ? readdirSync(a).filter((f) => f.endsWith(".cpuprofile")).map((f) => path.join(a, f)) : [a]));
}

const byGroup = new Map<string, number>();
const byFunction = new Map<string, Map<string, number>>();
let total = 0;
for (const file of files(positionals)) {
  const profile = profileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, { group: string; fn: string }>();
  const attribute = (id: number): { group: string; fn: string } => {
    const known = memo.get(id);
    if (known) return known;
    const leaf = nodes.get(id)!.callFrame;
    const special = SPECIAL.get(leaf.functionName);
    let found: { group: string; fn: string } | null = special ? { group: special, fn: leaf.functionName } : null;
    for (let at: number | undefined = id; !found && at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      if (!frame.url && JSON_BUILTINS.has(frame.functionName)) found = { group: "JSON", fn: `JSON.${frame.functionName}` };
      else if (frame.url) {
        const source = traced(frame);
        found = { group: groupOf(source), fn: `${frame.functionName || "(anonymous)"} ${source.replace(/^.*\/node_modules\//, "").slice(-70)}` };
      }
    }
    const result = found ?? { group: "V8 / native (program)", fn: leaf.functionName };
    memo.set(id, result);
    return result;
  };
  // timeDeltas[i + 1] is the time from sample i to the next one: the time sample i stands for
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (windowUs && (at < windowUs[0] || at > windowUs[1])) return;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const { group, fn } = attribute(id);
    total += dt;
    byGroup.set(group, (byGroup.get(group) ?? 0) + dt);
    const fns = byFunction.get(group) ?? new Map<string, number>();
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
    byFunction.set(group, fns);
  });
}

const rows = [...byGroup.entries()].sort((a, b) => b[1] - a[1]);
const busy = total - (byGroup.get("idle") ?? 0);
if (values.json) {
  console.log(JSON.stringify({ totalMs: Math.round(total), busyMs: Math.round(busy), groups: Object.fromEntries(rows.map(([g, ms]) => [g, Math.round(ms)])) }));
} else {
  console.log(`total ${total.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms not idle`);
  console.log(`${"group".padEnd(40)} ${"ms".padStart(9)} ${"% all".padStart(7)} ${"% busy".padStart(7)}`);
  for (const [group, ms] of rows) {
    const share = group === "idle" ? "" : ((100 * ms) / busy).toFixed(1);
    console.log(`${group.padEnd(40)} ${ms.toFixed(0).padStart(9)} ${((100 * ms) / total).toFixed(1).padStart(7)} ${share.padStart(7)}`);
    if (top) {
      const fns = [...byFunction.get(group)!.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
      for (const [fn, fms] of fns) console.log(`    ${fms.toFixed(0).padStart(8)} ms  ${fn}`);
    }
  }
}
