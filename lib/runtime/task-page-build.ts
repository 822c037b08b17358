import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import tailwind from "@tailwindcss/postcss";
import { build, type Metafile } from "esbuild";
import postcss from "postcss";
import { TASK_ASSETS, TASK_PAGE_SERVER, type TaskPageMode } from "@/lib/runtime/task-page-files";

// The participant task page is served without Next.js's client runtime (docs/participant-api.md,
// "The task page"): a route renders it with a server module of its own, and one script of ours
// hydrates it. This builds both, and the page's stylesheet, after `next build`:
//  - task-<hash>.js and .css: what the browser loads (hashed, cached for good; where: task-page-files.ts);
//  - .task-page/server.cjs: the HTML renderer that app/s/[code]/task/route.ts loads.
// Next.js's own client entries must stay out of the browser bundle: the task code imports
// `next-intl` (here its core, use-intl) and `next/navigation` (here plain page loads).

const ALIAS = { "next-intl": "use-intl", "next/navigation": "./components/task/standalone/navigation.ts" };
// what would bring Next.js's client runtime back onto the page
const FORBIDDEN = /node_modules\/(next|next-intl)\//;

function hashed(name: string, ext: string, body: string | Uint8Array): string {
  return `${name}-${createHash("sha256").update(body).digest("hex").slice(0, 16)}.${ext}`;
}

function checkInputs(meta: Metafile): void {
  const bad = Object.keys(meta.inputs).filter((f) => FORBIDDEN.test(f));
  if (bad.length) throw new Error(`the task page's bundle must not include Next.js's client code: ${bad.join(", ")}`);
}

interface Target {
  /** the folder the files are written to */
  dir: string;
  /** the address it is served at */
  url: string;
}

/** The Tailwind stylesheet of the app (app/globals.css), built by the PostCSS plugin Next.js uses for its pages. */
async function buildCss(root: string, to: Target): Promise<string> {
  const from = path.join(root, "app/globals.css");
  const result = await postcss([tailwind({ base: root, optimize: { minify: true } })]).process(readFileSync(from, "utf8"), { from });
  const name = hashed("task", "css", result.css);
  writeFileSync(path.join(to.dir, name), result.css);
  return `${to.url}/${name}`;
}

async function buildScript(root: string, to: Target): Promise<{ href: string; inputs: string[] }> {
  const bundle = await build({
    absWorkingDir: root,
    entryPoints: ["components/task/standalone/client.tsx"],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: ["es2022"],
    jsx: "automatic",
    alias: ALIAS,
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
    outfile: "task.js",
  });
  checkInputs(bundle.metafile);
  const file = bundle.outputFiles[0]!;
  const name = hashed("task", "js", file.contents);
  writeFileSync(path.join(to.dir, name), file.contents);
  return { href: `${to.url}/${name}`, inputs: Object.keys(bundle.metafile.inputs) };
}

async function buildServer(root: string, out: string, assets: TaskPageAssets): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: ["components/task/standalone/server.tsx"],
    bundle: true,
    format: "cjs",
    platform: "node",
    target: ["node20"],
    jsx: "automatic",
    alias: ALIAS,
    define: { "process.env.NODE_ENV": '"production"', TASK_PAGE_ASSETS: JSON.stringify(assets) },
    logLevel: "warning",
    outfile: path.join(out, TASK_PAGE_SERVER),
  });
}

export interface TaskPageAssets {
  script: string;
  css: string;
}

/**
 * Builds the task page's script, stylesheet and server renderer (a few seconds) from the sources
 * in `root` into `out` (the same folder, but for tests); a production build runs after
 * `next build`. Returns the files' addresses and the modules the script is made of.
 */
export async function buildTaskPage(opts: { root?: string; out?: string; mode?: TaskPageMode } = {}): Promise<TaskPageAssets & { inputs: string[] }> {
  const root = opts.root ?? process.cwd();
  const out = opts.out ?? root;
  const { dir, url } = TASK_ASSETS[opts.mode ?? "production"];
  const to = { dir: path.join(out, dir), url };
  rmSync(to.dir, { recursive: true, force: true });
  mkdirSync(to.dir, { recursive: true });
  const [css, script] = await Promise.all([buildCss(root, to), buildScript(root, to)]);
  await buildServer(root, out, { script: script.href, css });
  return { script: script.href, css, inputs: script.inputs };
}
