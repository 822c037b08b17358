import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as datasetsRoute } from "@/app/api/datasets/route";
import { createToken } from "@/lib/auth/tokens/service";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { createUser } from "@/lib/users/service";
import { call } from "../support/bearer";

// The per-token rate limit, with a tiny limit set through the environment (read once, on first
// use): 3 requests a minute, so the 4th in a row is refused. No clock is involved: a test that
// would need a minute to pass moves the stored state instead.
process.env.API_TOKEN_RATE_LIMIT = "3";

const owner = await createUser({ actorId: null, input: { email: `rate-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
const mint = async () => createToken({ actor: owner, input: { name: "busy script", expiresInDays: null } });

describe("API token rate limit", () => {
  it("reads the limit from API_TOKEN_RATE_LIMIT", () => {
    expect(env().API_TOKEN_RATE_LIMIT).toBe(3);
  });

  it("answers 429 with Retry-After after the limit, and counts each token on its own", async () => {
    const { secret } = await mint();
    for (let i = 0; i < 3; i++) expect((await call(datasetsRoute, { token: secret })).status).toBe(200);
    const refused = await call<{ code: string; status: number }>(datasetsRoute, { token: secret });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body).toMatchObject({ code: "rate_limited", status: 429 });
    // one request's worth of budget (60 s / 3) comes back first
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(20);

    const fresh = await mint();
    expect((await call(datasetsRoute, { token: fresh.secret })).status).toBe(200);
  });

  it("lets exactly the limit through when many requests arrive at once (the count lives in PostgreSQL, under a row lock)", async () => {
    const { secret } = await mint();
    const statuses = await Promise.all(Array.from({ length: 12 }, () => call(datasetsRoute, { token: secret }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it("counts requests that were all waiting on the same token at once exactly (the statement locks the row before reading it)", async () => {
    const { token, secret } = await mint();
    const holder = await pool().connect();
    try {
      // hold the token's row so that every request below reaches the counting statement and waits there
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM "ApiToken" WHERE id = $1 FOR UPDATE`, [token.id]);
      const answers = Array.from({ length: 6 }, () => call(datasetsRoute, { token: secret }).then((r) => r.status));
      await waitFor(async () => (await waitingOnLocks()) >= 6);
      await holder.query("COMMIT");
      const statuses = await Promise.all(answers);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    } finally {
      holder.release();
    }
  });

  it("does not spend the budget on a refused request, nor on a wrong secret with a real prefix", async () => {
    const { token, secret } = await mint();
    const forged = secret.slice(0, -4) + (secret.endsWith("AAAA") ? "BBBB" : "AAAA");
    for (let i = 0; i < 5; i++) expect((await call(datasetsRoute, { token: forged })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await call(datasetsRoute, { token: secret })).status).toBe(200);
    const spent = (await db().apiToken.findUniqueOrThrow({ where: { id: token.id } })).rateAt;
    for (let i = 0; i < 3; i++) expect((await call(datasetsRoute, { token: secret })).status).toBe(429);
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: token.id } })).rateAt).toEqual(spent);
  });

  it("gives the budget back as time passes (the stored state moved a minute into the past)", async () => {
    const { token, secret } = await mint();
    for (let i = 0; i < 3; i++) await call(datasetsRoute, { token: secret });
    expect((await call(datasetsRoute, { token: secret })).status).toBe(429);
    await db().$executeRaw`UPDATE "ApiToken" SET "rateAt" = "rateAt" - interval '1 minute' WHERE id = ${token.id}::uuid`;
    expect((await call(datasetsRoute, { token: secret })).status).toBe(200);
  });

  it("moves lastUsedAt at most once a minute", async () => {
    const { token, secret } = await mint();
    await call(datasetsRoute, { token: secret });
    const first = (await db().apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await call(datasetsRoute, { token: secret });
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).toEqual(first);
    // a minute later (moved back rather than waited for), the next request records itself
    await db().$executeRaw`UPDATE "ApiToken" SET "lastUsedAt" = "lastUsedAt" - interval '61 seconds', "rateAt" = NULL WHERE id = ${token.id}::uuid`;
    await call(datasetsRoute, { token: secret });
    const later = (await db().apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt!;
    expect(later.getTime()).toBeGreaterThan(first!.getTime() - 61_000);
  });
});

async function waitingOnLocks(): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%"rateAt"%'`,
  );
  return rows[0]!.n;
}

/** Polls a condition (not a clock: it fails only if the condition never comes). */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the requests never reached the counting statement");
}
