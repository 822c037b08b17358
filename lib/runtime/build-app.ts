import { spawnSync, type StdioOptions } from "node:child_process";
import path from "node:path";

// The production build, as `npm run build`, `npm start` and the test servers run it: Next.js, then
// the task page's own bundle (served outside Next.js's client runtime, from .next/static, which
// `next build` empties first).
export function buildApp(opts: { env?: NodeJS.ProcessEnv; stdio?: StdioOptions } = {}): void {
  const steps = [
    ["next build", [path.resolve("node_modules/next/dist/bin/next"), "build"]],
    ["task page", ["--import", "tsx", path.resolve("scripts/build-task-page.ts")]],
  ] as const;
  for (const [name, args] of steps) {
    const r = spawnSync(process.execPath, [...args], { stdio: opts.stdio ?? "inherit", env: { ...(opts.env ?? process.env), NODE_ENV: "production" } });
    if (r.status !== 0) throw new Error(`${name} failed`);
  }
}
