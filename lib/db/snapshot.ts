import type pg from "pg";
import { env } from "@/lib/env";
import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";

// Reads whose figures must agree with each other (a report: its per-question and per-participant
// counts must add up over the same answers) see one snapshot. The first connection exports it and
// up to `width - 1` more import it, so the statements still run side by side. Read only, so no
// writer waits on them. A further connection is taken only while the pool has one free: readers
// that hold connections never wait on each other for more, since one connection always suffices.
// A further connection goes back to the pool as soon as it has nothing to run (joining the snapshot
// again costs three short statements), so a read computing in JavaScript holds only its first.

const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/;
const BEGIN = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
// A study's results group hundreds of thousands of keys at a million answers (votes per unit × check
// × label); at PostgreSQL's default of 4 MB that hash spilled to disk in 129 batches and took twice
// as long. For these transactions only: each of their sorts and hashes may take this much (twice
// for hashes, with the default hash_mem_multiplier), in each of a statement's parallel processes.
export const SNAPSHOT_WORK_MEM = "32MB";
const SETTINGS = `SET LOCAL work_mem = '${SNAPSHOT_WORK_MEM}'`;

interface Lane {
  busy: number;
  /** the lane's connection with its transaction begun (the first connection when opening failed) */
  ready: Promise<pg.PoolClient>;
}

// A connection runs one statement at a time. pg queues the ones given to a busy connection itself,
// a queue it deprecates (and pg@9 removes): a statement for a busy connection (more statements than
// lanes, or a lane left on the first connection) waits here for the one before it to settle.
const tails = new WeakMap<pg.PoolClient, Promise<unknown>>();
function inTurn<T>(c: pg.PoolClient, run: () => Promise<T>): Promise<T> {
  const result = (tails.get(c) ?? Promise.resolve()).then(run);
  tails.set(c, result.catch(() => undefined));
  return result;
}

function freeConnection(p: pg.Pool): boolean {
  return p.waitingCount === 0 && (p.idleCount > 0 || p.totalCount < env().DB_POOL_SIZE);
}

/** `settings`: more `SET LOCAL` statements for every connection of this read (planner settings a
 *  caller has measured a need for). */
export async function withSnapshot<T>(fn: (client: Queryable) => Promise<T>, width = 3, settings: readonly string[] = []): Promise<T> {
  const local = [SETTINGS, ...settings.map((s) => `SET LOCAL ${s}`)].join("; ");
  const p = pool();
  const first = await p.connect();
  const lanes: Lane[] = [];
  try {
    await first.query(BEGIN);
    await first.query(local);
    const { rows } = await first.query<{ id: string }>("SELECT pg_export_snapshot() AS id");
    const id = rows[0]!.id;
    if (!SNAPSHOT_ID.test(id)) throw new Error(`unexpected snapshot id ${id}`);
    lanes.push({ busy: 0, ready: Promise.resolve(first) });
    // a connection that cannot be had or cannot join the snapshot leaves its lane on the first one
    const open = (): Lane => {
      const ready = p.connect().then(
        async (c) => {
          try {
            await c.query(BEGIN);
            await c.query(`SET TRANSACTION SNAPSHOT '${id}'`);
            await c.query(local);
            return c;
          } catch (err) {
            c.release(err as Error);
            return first;
          }
        },
        () => first,
      );
      const lane = { busy: 0, ready };
      lanes.push(lane);
      return lane;
    };
    const closing: Promise<void>[] = [];
    const close = (lane: Lane) => {
      const i = lanes.indexOf(lane);
      if (i < 1) return; // the first lane stays; a lane closed already (at the end, still busy) is gone
      lanes.splice(i, 1);
      closing.push(lane.ready.then((c) => (c === first ? undefined : c.query("COMMIT").then(() => c.release(), (err: Error) => c.release(err)))));
    };
    const pick = (): Lane =>
      lanes.find((l) => l.busy === 0) ??
      (lanes.length < width && freeConnection(p) ? open() : lanes.reduce((a, b) => (b.busy < a.busy ? b : a)));
    const client: Queryable = {
      query: (async (...args: Parameters<pg.PoolClient["query"]>) => {
        const lane = pick();
        lane.busy++;
        try {
          const c = await lane.ready;
          return await inTurn(c, () => (c.query as (...a: unknown[]) => Promise<unknown>)(...args));
        } finally {
          if (--lane.busy === 0 && lane !== lanes[0]) close(lane);
        }
      }) as Queryable["query"],
    };
    try {
      return await fn(client);
    } finally {
      for (const lane of lanes.slice(1)) close(lane);
      await Promise.all(closing);
    }
  } finally {
    await inTurn(first, () => first.query("COMMIT")).then(() => first.release(), (err: Error) => first.release(err));
  }
}
