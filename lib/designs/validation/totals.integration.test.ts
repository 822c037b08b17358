import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { readStudyAtOneMoment } from "@/lib/designs/counted";
import { readTotals } from "@/lib/designs/read";
import { randomValidationStudy } from "@/lib/designs/validation/random-study.testing";

// readTotals' median time per answer (lib/designs/read.ts), on a validation study, against percentile_cont
// (PostgreSQL's definition, which the results use) over the answers that count, worked out here from the
// raw rows: with answers that have no duration of their own (their lease's time, the sort), and with every
// answer timed (read from the durations index at ⌊(n − 1)/2⌋), for odd and even counts.

async function oracle(studyId: string): Promise<{ responses: number; medianSeconds: number | null }> {
  const { rows } = await pool().query<{ ms: number }>(
    `SELECT coalesce(r."durationMs"::float8, extract(epoch FROM r."submittedAt" - a."leasedAt")::float8 * 1000) AS ms
     FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" WHERE r."studyId" = $1 AND a.status = 'submitted'`,
    [studyId],
  );
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  if (ms.length === 0) return { responses: 0, medianSeconds: null };
  const at = 0.5 * (ms.length - 1);
  const first = ms[Math.floor(at)]!;
  const second = ms[Math.ceil(at)]!;
  return { responses: ms.length, medianSeconds: (first + (second - first) * (at - Math.floor(at))) / 1000 };
}

/** readTotals in one snapshot, with the statements it ran; `list`: with the not-counted list, `kept`:
 *  given the count the units' tallies keep (as a validation study's summary gives it). */
async function totals(studyId: string, list: boolean, kept: boolean) {
  const statements: string[] = [];
  const result = await readStudyAtOneMoment(studyId, (client, notCounted) => {
    const watched: Queryable = { query: (text: string, values?: unknown[]) => (statements.push(text), client.query(text, values)) } as Queryable;
    const responses = kept ? client.query<{ n: number }>(`SELECT coalesce(sum(responses), 0)::int AS n FROM "UnitTally" WHERE "studyId" = $1`, [studyId]).then((r) => r.rows[0]!.n) : undefined;
    return readTotals(watched, { id: studyId }, 1, { notCounted: list ? notCounted : undefined, responses });
  });
  return { ...result, sorted: statements.some((s) => s.includes("percentile_cont")), fromIndex: statements.some((s) => s.includes("OFFSET")) };
}

async function flipOneSubmitted(studyId: string): Promise<void> {
  await pool().query(
    `UPDATE "Assignment" SET status = 'excluded' WHERE id = (SELECT a.id FROM "Assignment" a WHERE a."studyId" = $1 AND a.status = 'submitted' AND EXISTS (SELECT 1 FROM "Response" r WHERE r."assignmentId" = a.id) LIMIT 1)`,
    [studyId],
  );
}

const MODES = [
  [true, false],
  [false, false],
  [true, true],
  [false, true],
] as const;

describe("readTotals: the median time per answer is percentile_cont(0.5) of the counted answers' seconds", () => {
  it("with untimed answers (the lease's time), then with every answer timed (the durations index), at odd and even counts", async () => {
    const study = await randomValidationStudy(71, { participants: 12, maxPerUnit: 8, n: 4 });
    for (const [list, kept] of MODES) {
      const t = await totals(study.id, list, kept);
      const o = await oracle(study.id);
      expect(t.responses).toBe(o.responses);
      expect(t.medianSeconds).toBeCloseTo(o.medianSeconds!, 9);
      expect([t.sorted, t.fromIndex]).toEqual([true, false]);
    }

    await pool().query(`UPDATE "Response" SET "durationMs" = 500 + (abs(hashtext(id::text)) % 90000) WHERE "studyId" = $1 AND "durationMs" IS NULL`, [study.id]);
    const parities = new Set<number>();
    for (let round = 0; round < 3; round++) {
      const o = await oracle(study.id);
      parities.add(o.responses % 2);
      const { rows } = await pool().query<{ m: number }>(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY r."durationMs"::float8) / 1000 AS m FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" WHERE r."studyId" = $1 AND a.status = 'submitted'`,
        [study.id],
      );
      for (const [list, kept] of MODES) {
        const t = await totals(study.id, list, kept);
        expect(t.responses).toBe(o.responses);
        // the same float8 operations as PostgreSQL's: equal, not only close
        expect(t.medianSeconds).toBe(rows[0]!.m);
        expect(t.medianSeconds).toBeCloseTo(o.medianSeconds!, 9);
        expect([t.sorted, t.fromIndex]).toEqual([false, true]);
      }
      await flipOneSubmitted(study.id);
    }
    expect([...parities].sort()).toEqual([0, 1]);

    await pool().query(`UPDATE "Assignment" SET status = 'excluded' WHERE "studyId" = $1`, [study.id]);
    expect(await totals(study.id, true, true)).toMatchObject({ responses: 0, participants: 0, medianSeconds: null });
  });
});
