import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTaskPage } from "@/lib/runtime/task-page-build";

// The task page's own bundle (lib/runtime/task-page-build.ts), built from the repository into a
// scratch folder: our task code with React and use-intl, and none of Next.js's client runtime,
// which is what kept the page over its 120 KB budget (npm run measure:task-js measures the page).
const ROOT = path.resolve(import.meta.dirname, "../../..");
const out = mkdtempSync(path.join(tmpdir(), "task-page-"));
let built: Awaited<ReturnType<typeof buildTaskPage>>;

beforeAll(async () => {
  built = await buildTaskPage({ root: ROOT, out });
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the task page's bundle", () => {
  it("is the task runner, the switcher, React and use-intl, without next/* or next-intl", () => {
    expect(built.inputs).toContain("components/task/task-runner.tsx");
    expect(built.inputs).toContain("components/task/language-switcher.tsx");
    expect(built.inputs).toContain("components/task/standalone/navigation.ts");
    expect(built.inputs.some((f) => f.includes("node_modules/use-intl/"))).toBe(true);
    expect(built.inputs.some((f) => f.includes("node_modules/react-dom/"))).toBe(true);
    expect(built.inputs.filter((f) => /node_modules\/(next|next-intl)\//.test(f))).toEqual([]);
    // the Markdown renderer stays on the server
    expect(built.inputs.filter((f) => f.includes("react-markdown"))).toEqual([]);
  });

  it("writes hashed files: one script, one stylesheet, and the server renderer that names them", () => {
    // beside Next.js's chunks: `next start` serves them as /_next/static/…, cached for good
    const files = readdirSync(path.join(out, ".next/static/task")).sort();
    expect(files).toHaveLength(2);
    expect(files.map((f) => `/_next/static/task/${f}`).sort()).toEqual([built.css, built.script].sort());
    expect(built.script).toMatch(/^\/_next\/static\/task\/task-[0-9a-f]{16}\.js$/);
    const server = readFileSync(path.join(out, ".task-page/server.cjs"), "utf8");
    expect(server).toContain(built.script);
    expect(server).toContain(built.css);
  });

  it("is a production build, minified, and fits the page's 120 KB gzip budget alone", () => {
    const script = readFileSync(path.join(out, ".next", built.script.replace("/_next/", "")));
    expect(built.inputs.some((f) => /react-dom-client\.production\.js$/.test(f))).toBe(true);
    expect(built.inputs.filter((f) => f.includes(".development."))).toEqual([]);
    expect(gzipSync(script, { level: 6 }).length).toBeLessThan(120 * 1024);
    // the stylesheet carries the design tokens and the classes the task uses
    const css = readFileSync(path.join(out, ".next", built.css.replace("/_next/", "")), "utf8");
    expect(css).toContain("--color-primary");
    expect(css).toContain(".sr-only");
  });
});
