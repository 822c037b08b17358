import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { withDatabase } from "@/lib/db/url";

// Tests never touch the dev data: they use TEST_DATABASE_URL (a server where they may create
// databases) or their own embedded PostgreSQL under the system temp dir, on its own port.
export interface TestServer {
  adminUrl: string;
  stop: () => Promise<void>;
}

// Each run gets its own server (own data directory, a free port) unless SALLY_TEST_PG_PORT asks
// for a shared, persistent one: two runs in one checkout must not stop each other's database.
export async function startTestServer(): Promise<TestServer> {
  if (process.env.SALLY_TEST_ADMIN_URL) return { adminUrl: process.env.SALLY_TEST_ADMIN_URL, stop: async () => {} };
  if (process.env.TEST_DATABASE_URL) return { adminUrl: process.env.TEST_DATABASE_URL, stop: async () => {} };
  if (process.env.SALLY_TEST_PG_PORT) {
    const tag = createHash("sha1").update(process.cwd()).digest("hex").slice(0, 8);
    const server = await startEmbeddedPostgres({
      dataDir: path.join(os.tmpdir(), `sally-test-${tag}`),
      port: Number(process.env.SALLY_TEST_PG_PORT),
      database: "postgres",
    });
    return { adminUrl: server.url, stop: server.stop };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sally-test-"));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "postgres" });
  return {
    adminUrl: server.url,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
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

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
        break;
      } catch (err) {
        // the template is briefly "being accessed" while a sibling copies it
        if ((err as { code?: string }).code !== "55006" || attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function createMigratedDatabase(adminUrl: string, name: string): Promise<string> {
  const url = await createDatabase(adminUrl, name);
  await migrate(url);
  return url;
}

/** One query on its own connection (for tests that inspect a database other than their own). */
export async function queryRows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
