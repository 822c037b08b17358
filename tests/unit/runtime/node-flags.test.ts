import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "@/lib/runtime/node-flags";

// The web server and the CLI run with a larger young generation (lib/runtime/node-flags.ts says why).

/** The heap a node process started with these flags may grow to, in bytes. */
function available(flags: readonly string[]): number {
  const run = spawnSync(process.execPath, [...flags, "-e", "process.stdout.write(String(require('v8').getHeapStatistics().total_available_size))"], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout);
}

describe("node flags of the server processes", () => {
  it("are accepted by node and give the young generation more room", () => {
    expect(available(SERVER_NODE_FLAGS)).toBeGreaterThan(available([]) + 64 * 1024 * 1024);
  });

  it("are passed by `npm start` to the web server and by `npm run sally` to the CLI", () => {
    expect(readFileSync("scripts/start.ts", "utf8")).toContain('[...SERVER_NODE_FLAGS, "--import", "tsx", path.resolve("scripts/start.ts"), "--serve"]');
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const flag of SERVER_NODE_FLAGS) expect(scripts.sally).toContain(flag);
  });
});
