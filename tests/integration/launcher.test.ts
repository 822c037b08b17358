import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAlive } from "@/lib/runtime/watch";

// The launcher behind `npm start` lives exactly as long as Sally can serve: when the web server
// or the embedded PostgreSQL dies, it stops the other and exits non-zero, so that a process
// manager restarts it. Real processes: the launcher runs as a child on a temp data directory and
// free ports (tests/support/launcher-child.ts), with a stand-in web server.
let dataDir: string;
let ports: { web: number; pg: number };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "sally-launcher-"));
  ports = { web: await freePort(), pg: await freePort() };
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

interface Running {
  launcher: ChildProcess;
  webPid: number;
  pgPid: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function launch(): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, SALLY_DATA_DIR: dataDir, PORT: String(ports.web), SALLY_PG_PORT: String(ports.pg) };
  delete env.DATABASE_URL; // the embedded PostgreSQL, as `npm start` runs it by default
  Object.assign(env, { ADMIN_EMAIL: "admin@launcher.test", ADMIN_PASSWORD: "launcher-admin-pw", NEXTAUTH_SECRET: "launcher-secret-launcher-secret" });
  const launcher = spawn(process.execPath, ["--import", "tsx", "tests/support/launcher-child.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    launcher.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const webPid = await new Promise<number>((resolve, reject) => {
    let out = "";
    launcher.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const pid = out.match(/web server pid (\d+)/)?.[1];
      if (pid) resolve(Number(pid));
    });
    void exited.then(() => reject(new Error(`the launcher exited before serving:\n${out}`)));
  });
  const pgPid = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  await untilAnswering(ports.web);
  return { launcher, webPid, pgPid, exited };
}

describe("npm start's launcher", () => {
  it("exits non-zero when the web server is killed, and leaves no PostgreSQL running", async () => {
    const run = await launch();
    expect(isAlive(run.pgPid)).toBe(true);
    process.kill(run.webPid, "SIGKILL");
    const { code } = await run.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(isAlive(run.pgPid)).toBe(false);
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false); // stopped cleanly
  });

  it("exits non-zero when the embedded PostgreSQL is killed, and stops the web server", async () => {
    const run = await launch();
    process.kill(run.pgPid, "SIGKILL");
    const { code } = await run.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(isAlive(run.webPid)).toBe(false);
  });

  it("starts again on the same data after that (the killed server's leftovers are recovered) and stops cleanly on SIGTERM", async () => {
    const run = await launch();
    run.launcher.kill("SIGTERM");
    expect((await run.exited).code).toBe(0);
    expect(isAlive(run.webPid)).toBe(false);
    expect(isAlive(run.pgPid)).toBe(false);
  });
});

async function untilAnswering(port: number): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
