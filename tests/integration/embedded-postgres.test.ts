import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { queryRows } from "../support/test-postgres";

// The embedded server behind `npm start` without DATABASE_URL: data persists across restarts,
// a killed run's leftovers are recovered, and a second process shares a running server.
const port = 54400 + Math.floor(Math.random() * 500);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "sally-embedded-"));
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});


describe("embedded PostgreSQL", () => {
  it("keeps its data across a clean stop and restart", async () => {
    const first = await startEmbeddedPostgres({ dataDir, port, database: "sally" });
    await queryRows(first.url, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
    await first.stop();
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    const second = await startEmbeddedPostgres({ dataDir, port, database: "sally" });
    expect(await queryRows(second.url, `SELECT v FROM kept`)).toEqual([{ v: "still here" }]);
    await second.stop();
  });

  it("shares a server another live process runs instead of fighting over it", async () => {
    const owner = await startEmbeddedPostgres({ dataDir, port, database: "sally" });
    const guest = await startEmbeddedPostgres({ dataDir, port, database: "sally" });
    expect(await queryRows(guest.url, `SELECT v FROM kept`)).toEqual([{ v: "still here" }]);
    await guest.stop(); // a guest's stop leaves the owner's server running
    // a guest that asks for another port (the CLI without the SALLY_PG_PORT `npm start` was given) finds the owner's
    const elsewhere = await startEmbeddedPostgres({ dataDir, port: port + 1, database: "sally" });
    expect(new URL(elsewhere.url).port).toBe(String(port));
    expect(await queryRows(elsewhere.url, `SELECT v FROM kept`)).toEqual([{ v: "still here" }]);
    await elsewhere.stop();
    expect(await queryRows(owner.url, `SELECT 1 AS ok`)).toEqual([{ ok: 1 }]);
    await owner.stop();
  });

  it("recovers from a killed run: the orphaned server is stopped and restarted, data intact", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/embedded-child.ts", dataDir, String(port)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`child exited early (${code})`)));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const orphanPid = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(() => process.kill(orphanPid, 0)).not.toThrow(); // the server outlived its parent

    const server = await startEmbeddedPostgres({ dataDir, port, database: "sally" });
    expect(await queryRows(server.url, `SELECT v FROM kept`)).toEqual([{ v: "still here" }]);
    await server.stop();
  });

  it("removes a stale lock file whose pid is gone", async () => {
    const lock = path.join(dataDir, "pg", "postmaster.pid");
    await writeFile(lock, `999999\n${path.join(dataDir, "pg")}\n`);
    const server = await startEmbeddedPostgres({ dataDir, port, database: "sally" });
    expect(await queryRows(server.url, `SELECT v FROM kept`)).toEqual([{ v: "still here" }]);
    await server.stop();
  });

  it("says clearly when its port is taken", async () => {
    const net = await import("node:net");
    const blocker = net.createServer().listen(port, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    await expect(startEmbeddedPostgres({ dataDir, port, database: "sally" })).rejects.toThrow(
      new RegExp(`Port ${port} is already in use.*SALLY_PG_PORT`),
    );
    blocker.close();
  });
});
