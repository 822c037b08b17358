import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { SNAPSHOT_WORK_MEM, withSnapshot } from "@/lib/db/snapshot";

// A report's statements run side by side on several connections and must still see one moment:
// a row committed while they run is seen by none of them. A pool of 3 here, so the test can leave
// the snapshot no free connection and check it then runs on the one it holds instead of waiting.
process.env.DB_POOL_SIZE = "3";

const table = `snap_${randomBytes(4).toString("hex")}`;
const busy = () => pool().totalCount - pool().idleCount;
const countAndPid = `SELECT (SELECT count(*)::int FROM ${table}) AS n, pg_backend_pid() AS pid, pg_sleep(0.2)::text AS slept`;

describe("withSnapshot", () => {
  beforeAll(async () => {
    await pool().query(`CREATE TABLE ${table} (n int)`);
    await pool().query(`INSERT INTO ${table} VALUES (1)`);
  });
  afterAll(async () => {
    await pool().query(`DROP TABLE ${table}`);
  });

  it("statements on several connections at once all see the moment it began, not a row committed meanwhile", async () => {
    const seen = await withSnapshot(async (client) => {
      const { rows: before } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      await pool().query(`INSERT INTO ${table} VALUES (2)`);
      const all = await Promise.all([1, 2, 3].map(() => client.query<{ n: number; pid: number }>(countAndPid)));
      return { before: before[0]!.n, after: all.map((r) => r.rows[0]!) };
    });
    expect(seen.before).toBe(1);
    expect(seen.after.map((r) => r.n)).toEqual([1, 1, 1]);
    expect(new Set(seen.after.map((r) => r.pid)).size).toBeGreaterThan(1);
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    expect(rows[0]!.n).toBe(2);
    expect(busy()).toBe(0);
  });

  it("every connection of a snapshot sorts and hashes with its own work_mem, and the pool's connections keep the default after", async () => {
    const { rows: before } = await pool().query<{ work_mem: string }>("SHOW work_mem");
    const inside = await withSnapshot(async (client) => {
      const all = await Promise.all([1, 2].map(() => client.query<{ work_mem: string }>(`SELECT current_setting('work_mem') AS work_mem, pg_sleep(0.2)::text`)));
      return all.map((r) => r.rows[0]!.work_mem);
    });
    expect(inside).toEqual([SNAPSHOT_WORK_MEM, SNAPSHOT_WORK_MEM]);
    const after = await Promise.all([1, 2, 3].map(() => pool().query<{ work_mem: string }>(`SELECT current_setting('work_mem') AS work_mem, pg_sleep(0.1)::text`)));
    expect(after.map((r) => r.rows[0]!.work_mem)).toEqual([before[0]!.work_mem, before[0]!.work_mem, before[0]!.work_mem]);
  });

  it("gives its further connections back once they have nothing to run, and takes one again for the next statements", async () => {
    const held = await withSnapshot(async (client) => {
      await Promise.all([1, 2, 3].map(() => client.query(countAndPid)));
      // computing in JavaScript now: only the first connection is held
      await expect.poll(busy).toBe(1);
      const again = await Promise.all([1, 2].map(() => client.query<{ n: number }>(countAndPid)));
      return again.map((r) => r.rows[0]!.n);
    });
    expect(held).toHaveLength(2);
    expect(new Set(held).size).toBe(1);
    expect(busy()).toBe(0);
  });

  it("with no free connection in the pool it runs every statement on the one it holds, without waiting for more", async () => {
    const held = await Promise.all([pool().connect(), pool().connect()]);
    try {
      const pids = await withSnapshot(async (client) => {
        const all = await Promise.all([1, 2, 3].map(() => client.query<{ pid: number }>(countAndPid)));
        return all.map((r) => r.rows[0]!.pid);
      });
      expect(new Set(pids).size).toBe(1);
    } finally {
      for (const c of held) c.release();
    }
    expect(busy()).toBe(0);
  });

  it("never gives a connection a statement while it runs one (pg's own queue for that is deprecated and goes in pg@9)", async () => {
    const held = await Promise.all([pool().connect(), pool().connect()]);
    const query = pg.Client.prototype.query;
    const running = new Map<pg.Client, number>();
    let most = 0;
    // every statement given to a connection: how many that connection had not finished then
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const now = (running.get(this) ?? 0) + 1;
      running.set(this, now);
      most = Math.max(most, now);
      const settled = () => running.set(this, running.get(this)! - 1);
      const result = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      void result.then(settled, settled);
      return result;
    } as typeof query;
    try {
      // one connection for six statements at once, then a statement that fails among others
      const pids = await withSnapshot(async (client) => {
        const all = await Promise.all([1, 2, 3, 4, 5, 6].map(() => client.query<{ pid: number }>(countAndPid)));
        const failing = await Promise.allSettled([client.query(countAndPid), client.query(`SELECT * FROM ${table}_missing`), client.query(countAndPid)]);
        expect(failing.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
        return all.map((r) => r.rows[0]!.pid);
      });
      expect(new Set(pids).size).toBe(1);
      expect(most).toBe(1);
    } finally {
      pg.Client.prototype.query = query;
      for (const c of held) c.release();
    }
    expect(busy()).toBe(0);
  });

  it("a connection that cannot be had leaves its statements on the first one, still in the snapshot", async () => {
    const p = pool();
    const real = p.connect.bind(p);
    let calls = 0;
    // the second connection asked for as a promise (the snapshot's first lane) cannot be had;
    // pool.query asks with a callback and is served as always
    p.connect = ((cb?: Parameters<typeof real>[0]) => (cb ? real(cb) : ++calls === 2 ? Promise.reject(new Error("no connection")) : real())) as typeof p.connect;
    try {
      const seen = await withSnapshot(async (client) => {
        await client.query("SELECT 1");
        await pool().query(`INSERT INTO ${table} VALUES (3)`);
        const all = await Promise.all([1, 2, 3].map(() => client.query<{ n: number; pid: number }>(countAndPid)));
        return all.map((r) => r.rows[0]!);
      });
      expect(calls).toBeGreaterThanOrEqual(2);
      const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(seen.map((r) => r.n)).toEqual([rows[0]!.n - 1, rows[0]!.n - 1, rows[0]!.n - 1]);
    } finally {
      p.connect = real as typeof p.connect;
    }
    expect(busy()).toBe(0);
  });

  it("a failing read gives its error and every connection back, with no transaction left open", async () => {
    let pids: number[] = [];
    await expect(
      withSnapshot(async (client) => {
        const all = await Promise.all([client.query<{ pid: number }>(countAndPid), client.query<{ pid: number }>(countAndPid)]);
        pids = all.map((r) => r.rows[0]!.pid);
        await client.query(`SELECT * FROM ${table}_missing`);
      }),
    ).rejects.toThrow(/does not exist/);
    expect(new Set(pids).size).toBe(2);
    expect(busy()).toBe(0);
    const { rows } = await pool().query<{ state: string }>(`SELECT state FROM pg_stat_activity WHERE pid = ANY($1::int[])`, [pids]);
    expect(rows.map((r) => r.state)).not.toContain("idle in transaction");
    expect(rows.map((r) => r.state)).not.toContain("idle in transaction (aborted)");
  });
});
