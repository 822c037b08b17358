import { pool } from "@/lib/db/pool";
import { withTransaction } from "@/lib/db/tx";

// Sign-in throttling in PostgreSQL, so every app instance shares the counts.
//
// Progressive delay, never a lock: each failed attempt for the same (email, client address)
// makes the next one wait, after a few free tries, 1 s, then 2, 4, 8… up to 15 minutes. An
// attempt during the wait is refused without checking the password (no oracle, and it does not
// count). Keyed on the pair, an attacker elsewhere cannot make the real user wait, and a success
// clears the pair. One address failing across many accounts (spraying) is slowed the same way
// after more free tries. Counts start again an hour after the first failure of a window.
//
// AuthThrottle columns: failures (attempts counted in the window), windowStart, and
// lockedUntil: when the next attempt for the key may be checked.
export const THROTTLE = {
  windowMinutes: 60,
  maxDelaySeconds: 15 * 60,
  pair: { free: 3 },
  address: { free: 50 },
} as const;

export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), THROTTLE.maxDelaySeconds);
}

export type AttemptGate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Key {
  key: string;
  free: number;
}

function keysFor(email: string, ip: string | null): Key[] {
  // the pair first, then the address: every attempt locks rows in this order, so none deadlock
  const keys: Key[] = [{ key: `pair:${email}|${ip ?? "unknown"}`, free: THROTTLE.pair.free }];
  if (ip) keys.push({ key: `ip:${ip}`, free: THROTTLE.address.free });
  return keys;
}

// The wait after this attempt, in seconds. No wait is stored as NULL, not as now(): now() is the
// transaction's start, so a concurrent attempt that began earlier but got the row lock later would
// read "locked until after my now()" and be refused (two sign-ins from one address at once).
const DELAY = `LEAST(CASE WHEN "AuthThrottle"."windowStart" < now() - make_interval(mins => $2) THEN 0
                  WHEN "AuthThrottle".failures + 1 < $3 THEN 0
                  ELSE power(2, "AuthThrottle".failures + 1 - $3) END, $5)::int`;

/**
 * Counts the attempt as a failure before the password is checked, so that parallel guesses
 * cannot all slip through the free tries; `attemptSucceeded` takes it back.
 */
export async function beginAttempt(email: string, ip: string | null): Promise<AttemptGate> {
  return withTransaction(async (client) => {
    for (const { key, free } of keysFor(email, ip)) {
      const { rows } = await client.query<{ failures: number }>(
        `INSERT INTO "AuthThrottle" (key, failures, "windowStart", "lockedUntil")
         VALUES ($1, 1, now(), CASE WHEN $4::int > 0 THEN now() + make_interval(secs => $4::int) END)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN "AuthThrottle"."windowStart" < now() - make_interval(mins => $2) THEN 1
                           ELSE "AuthThrottle".failures + 1 END,
           "windowStart" = CASE WHEN "AuthThrottle"."windowStart" < now() - make_interval(mins => $2) THEN now()
                                ELSE "AuthThrottle"."windowStart" END,
           "lockedUntil" = CASE WHEN ${DELAY} > 0 THEN now() + make_interval(secs => ${DELAY}) END
         WHERE "AuthThrottle"."lockedUntil" IS NULL OR "AuthThrottle"."lockedUntil" <= now()
         RETURNING failures`,
        [key, THROTTLE.windowMinutes, free, delayAfter(1, free), THROTTLE.maxDelaySeconds],
      );
      if (rows.length === 0) {
        const wait = await client.query<{ seconds: number }>(
          `SELECT GREATEST(1, ceil(extract(epoch FROM "lockedUntil" - now())))::int AS seconds FROM "AuthThrottle" WHERE key = $1`,
          [key],
        );
        throw new Refused(wait.rows[0]?.seconds ?? 1);
      }
    }
    return { allowed: true } as const;
  }).catch((err: unknown) => {
    if (err instanceof Refused) return { allowed: false, retryAfterSeconds: err.seconds } as const;
    throw err;
  });
}

/** The right password: the pair starts afresh, and the address gets this attempt back. */
export async function attemptSucceeded(email: string, ip: string | null): Promise<void> {
  const [pair, address] = keysFor(email, ip);
  await pool().query(`DELETE FROM "AuthThrottle" WHERE key = $1`, [pair!.key]);
  if (address) {
    await pool().query(
      `UPDATE "AuthThrottle" SET failures = GREATEST(failures - 1, 0),
         "lockedUntil" = CASE WHEN failures - 1 < $2 THEN NULL ELSE "lockedUntil" END
       WHERE key = $1`,
      [address.key, address.free],
    );
  }
}

// rolls the transaction back: a refused attempt counts for nothing
class Refused extends Error {
  constructor(readonly seconds: number) {
    super("refused");
  }
}
