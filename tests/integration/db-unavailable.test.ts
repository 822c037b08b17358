import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GET as participantNext } from "@/app/api/s/[code]/next/route";
import { GET as studyLink } from "@/app/s/[code]/route";
import { db, disconnectDb } from "@/lib/db/client";
import { startEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { closePool, pool } from "@/lib/db/pool";
import { errorResponse } from "@/lib/http/route";
import { queryRows } from "../support/test-postgres";

// While PostgreSQL is down, restarting or full, the API says 503 with Retry-After (the participant
// page retries 5xx quietly), never 500. Every error here comes from a real server: one of our own
// that the test stops, and the shared test server for the connection limit.
let server: EmbeddedServer;
let dataDir: string;
const ownUrl = process.env.DATABASE_URL!;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "sally-down-"));
  server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "postgres" });
  await migrate(server.url);
  await closePool();
  await disconnectDb();
  process.env.DATABASE_URL = server.url; // the app's pool and Prisma now talk to the server we stop
});

afterAll(async () => {
  await closePool();
  await disconnectDb();
  process.env.DATABASE_URL = ownUrl;
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = await res.json();
  expect(body).toMatchObject({ status: 503, code: "unavailable" });
  expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminating|postgres/i);
}

const nextRequest = () =>
  participantNext(new NextRequest("http://localhost:3000/api/s/NOSUCHCODE/next"), { params: Promise.resolve({ code: "NOSUCHCODE" }) });

describe("database unavailable", () => {
  it("a pool whose connections are all busy past its timeout is 503", async () => {
    const tiny = new pg.Pool({ connectionString: inject("adminUrl"), max: 1, connectionTimeoutMillis: 2_000 });
    const held = await tiny.connect();
    const err = await tiny.connect().then(
      () => null,
      (e: unknown) => e,
    );
    held.release();
    await tiny.end();
    expect(err).toBeInstanceOf(Error);
    await expectUnavailable(errorResponse(err, "r"));
  });

  it("too many connections is 503", async () => {
    const role = `limited_${process.pid}`;
    await queryRows(inject("adminUrl"), `DROP ROLE IF EXISTS ${role}; CREATE ROLE ${role} LOGIN PASSWORD 'pw' CONNECTION LIMIT 0`);
    const url = new URL(inject("adminUrl"));
    url.username = role;
    url.password = "pw";
    const client = new pg.Client({ connectionString: url.toString() });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    await client.end().catch(() => {});
    await queryRows(inject("adminUrl"), `DROP ROLE ${role}`);
    expect((err as { code?: string }).code).toBe("53300");
    await expectUnavailable(errorResponse(err, "r"));
  });

  it("a query cut off by a shutdown, then every call while the server is down, is 503", async () => {
    expect((await nextRequest()).status).toBe(404); // up: the participant API answers normally
    await db().$queryRawUnsafe("SELECT 1"); // Prisma has a live connection too
    const midQuery = pool()
      .query("SELECT pg_sleep(30)")
      .then(
        () => null,
        (e: unknown) => e,
      );
    await untilRunning("SELECT pg_sleep(30)");
    await server.stop();
    const cut = await midQuery;
    expect(cut).toBeInstanceOf(Error);
    await expectUnavailable(errorResponse(cut, "r"));

    await expectUnavailable(await nextRequest()); // the route itself: connection refused
    // the study link is opened by a browser: a page that tries again by itself, not a 500
    const link = await studyLink(new NextRequest("http://localhost:3000/s/NOSUCHCODE?PROLIFIC_PID=p1"), { params: Promise.resolve({ code: "NOSUCHCODE" }) });
    expect(link.status).toBe(503);
    expect(Number(link.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await link.text();
    expect(page).toMatch(/http-equiv="refresh"/);
    expect(page).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
    const prismaErr = await db()
      .user.count()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(prismaErr).not.toBeNull();
    await expectUnavailable(errorResponse(prismaErr, "r"));
  });
});

async function untilRunning(sql: string) {
  const seen = `SELECT 1 FROM pg_stat_activity WHERE query = '${sql}' AND state = 'active'`;
  while ((await queryRows(server.url, seen)).length === 0) await new Promise((r) => setTimeout(r, 20));
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
