import { pool } from "@/lib/db/pool";

// Sign-in throttling in PostgreSQL so every app instance shares the count.
export const THROTTLE = { windowMinutes: 15, maxPerEmail: 5, maxPerIp: 100, lockMinutes: 15 } as const;

export async function isLocked(keys: string[]): Promise<boolean> {
  const { rowCount } = await pool().query(
    `SELECT 1 FROM "AuthThrottle" WHERE key = ANY($1) AND "lockedUntil" > now()`,
    [keys],
  );
  return (rowCount ?? 0) > 0;
}

export async function recordFailure(key: string, max: number): Promise<void> {
  await pool().query(
    `INSERT INTO "AuthThrottle" (key, failures, "windowStart") VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN "AuthThrottle"."windowStart" < now() - make_interval(mins => $2) THEN 1
                       ELSE "AuthThrottle".failures + 1 END,
       "windowStart" = CASE WHEN "AuthThrottle"."windowStart" < now() - make_interval(mins => $2) THEN now()
                       ELSE "AuthThrottle"."windowStart" END,
       "lockedUntil" = CASE WHEN "AuthThrottle"."windowStart" >= now() - make_interval(mins => $2)
                             AND "AuthThrottle".failures + 1 >= $3 THEN now() + make_interval(mins => $4)
                       ELSE "AuthThrottle"."lockedUntil" END`,
    [key, THROTTLE.windowMinutes, max, THROTTLE.lockMinutes],
  );
}

export async function clearFailures(key: string): Promise<void> {
  await pool().query(`DELETE FROM "AuthThrottle" WHERE key = $1`, [key]);
}
