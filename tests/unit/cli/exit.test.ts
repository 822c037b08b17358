import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `sally report --json | jq`: the child's stdout is a pipe, which takes 64 KB at a time. A process
// that writes more and exits at once loses the rest; the CLI exits through exitFlushed.
const EXIT = path.resolve("lib/cli/exit.ts");
const LONG = 5_000_000;

async function childOutput(exit: string): Promise<number> {
  const script = path.join(os.tmpdir(), `exit-${process.pid}-${exit.length}.ts`);
  await writeFile(script, `import { exitFlushed } from ${JSON.stringify(EXIT)};\nconsole.log("x".repeat(${LONG}));\n${exit};\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script]);
    let bytes = 0;
    // read slowly, as a program busy with what it reads does
    child.stdout.on("data", (d: Buffer) => {
      bytes += d.length;
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 5);
    });
    child.on("error", reject);
    child.on("close", () => resolve(bytes));
  });
}

describe("the CLI's exit", () => {
  it("hands a reading program everything written before it exits", async () => {
    expect(await childOutput("exitFlushed(0)")).toBe(LONG + 1);
  });

  it("(the reason) process.exit at once loses what the pipe had not taken", async () => {
    expect(await childOutput("void exitFlushed; process.exit(0)")).toBeLessThan(LONG + 1);
  });
});
