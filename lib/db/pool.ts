import pg from "pg";
import { env } from "@/lib/env";

// One pg pool per process, shared by Prisma (through its adapter) and by the bulk paths
// (imports, exports) that stream or COPY outside Prisma.
const globalForPool = globalThis as unknown as { sallyPool?: pg.Pool };

export function pool(): pg.Pool {
  if (!globalForPool.sallyPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set; start the app with `npm start`.");
    globalForPool.sallyPool = new pg.Pool({
      connectionString,
      max: env().DB_POOL_SIZE,
      // fail fast instead of hanging when the database is unreachable or the pool is exhausted
      connectionTimeoutMillis: env().DB_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    globalForPool.sallyPool.on("error", () => {
      // an idle client died (server restart); the pool replaces it on next use
    });
  }
  return globalForPool.sallyPool;
}

export async function closePool(): Promise<void> {
  const p = globalForPool.sallyPool;
  globalForPool.sallyPool = undefined;
  await p?.end();
}
