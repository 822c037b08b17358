import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { leaseNext as lease, returnLease as giveBack, sweepExpired as sweep } from "@/lib/assignment/lease";
import { submitResponse as submit, type SubmitInput } from "@/lib/assignment/submit";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { makeParticipants, makeStudyWithUnits } from "../support/factories";

// The engine on its own: plain leases (no groups, least answered first) and answers taken as given.
const leaseNext = (r: { studyId: string; participantId: string; leaseMinutes: number; maxUnits: number | null }) =>
  lease(pool(), { ...r, order: "spread", maxUnitsPerContext: null, avoidQuestions: [], groups: null, withQuestions: false });
const submitResponse = (i: Omit<SubmitInput, "stage" | "stages" | "withQuestions" | "validate"> & { stage: string; final: boolean }) =>
  submit({ ...i, stage: null, stages: 1, withQuestions: false, validate: async (_client, _unit, payload) => ({ payload }) });
const sweepExpired = (studyId: string) => sweep(pool(), studyId);
const returnLease = (opts: { participantId: string; assignmentId: string }) => giveBack(pool(), opts);

async function work(studyId: string, participantId: string): Promise<number> {
  let done = 0;
  for (;;) {
    const next = await leaseNext({ studyId, participantId, leaseMinutes: 30, maxUnits: null });
    if (next.kind === "done") return done;
    if (next.kind !== "leased") throw new Error(`unexpected ${next.kind}`);
    await submitResponse({
      studyId,
      participantId,
      assignmentId: next.lease.assignmentId,
      idempotencyKey: randomUUID(),
      stage: "main",
      final: true,
      payload: { ok: true },
      startedAt: null,
      durationMs: 1,
    });
    done++;
  }
}

describe("assignment engine under concurrency (real PostgreSQL)", () => {
  it("50 concurrent participants over 20 units with N=3 end with exactly 60 submissions, no unit over 3, nobody twice on a unit", async () => {
    const { study } = await makeStudyWithUnits({ units: 20, n: 3 });
    const participants = await makeParticipants(study.id, 50);
    const perParticipant = await Promise.all(participants.map((p) => work(study.id, p)));

    expect(perParticipant.reduce((a, b) => a + b, 0)).toBe(60);
    expect(await db().response.count({ where: { studyId: study.id } })).toBe(60);
    const perUnit = await pool().query<{ n: number; active: number }>(
      `SELECT count(r.id)::int AS n, u."activeCount" AS active FROM "StudyUnit" u
       LEFT JOIN "Response" r ON r."unitId" = u.id WHERE u."studyId" = $1 GROUP BY u.id`,
      [study.id],
    );
    expect(perUnit.rows).toHaveLength(20);
    expect(perUnit.rows.every((r) => r.n === 3 && r.active === 3)).toBe(true);
    const twice = await pool().query(
      `SELECT "unitId", "participantId" FROM "Response" WHERE "studyId" = $1 GROUP BY 1, 2 HAVING count(*) > 1`,
      [study.id],
    );
    expect(twice.rowCount).toBe(0);
  });

  it("the database itself refuses a count above N (CHECK constraint), whatever the code does", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 3 });
    await expect(
      pool().query(`UPDATE "StudyUnit" SET "activeCount" = 4 WHERE "studyId" = $1`, [study.id]),
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("refreshing gives the same unit back, and two simultaneous lease calls of one participant get one lease", async () => {
    const { study } = await makeStudyWithUnits({ units: 5, n: 1 });
    const [p] = await makeParticipants(study.id, 1);
    const [a, b] = await Promise.all([
      leaseNext({ studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: null }),
      leaseNext({ studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: null }),
    ]);
    expect(a.kind === "leased" && b.kind === "leased" && a.lease.assignmentId === b.lease.assignmentId).toBe(true);
    expect(await db().assignment.count({ where: { participantId: p! } })).toBe(1);
  });

  it("stops at the participant's limit", async () => {
    const { study } = await makeStudyWithUnits({ units: 5, n: 3 });
    const [p] = await makeParticipants(study.id, 1);
    for (let i = 0; i < 2; i++) {
      const next = await leaseNext({ studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: 2 });
      if (next.kind !== "leased") throw new Error("expected a lease");
      await submitResponse({ studyId: study.id, participantId: p!, assignmentId: next.lease.assignmentId, idempotencyKey: randomUUID(), stage: "main", final: true, payload: {}, startedAt: null, durationMs: null });
    }
    expect(await leaseNext({ studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: 2 })).toMatchObject({ kind: "done", reason: "limit_reached" });
  });
});

describe("leases: expiry, return, idempotency", () => {
  async function expire(assignmentId: string) {
    await pool().query(`UPDATE "Assignment" SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [assignmentId]);
  }

  it("an expired lease returns its unit to the pool, and a late submission gets 409 once the unit is full", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 1 });
    const [slow, fast] = await makeParticipants(study.id, 2);
    const first = await leaseNext({ studyId: study.id, participantId: slow!, leaseMinutes: 30, maxUnits: null });
    if (first.kind !== "leased") throw new Error("expected a lease");
    expect(await leaseNext({ studyId: study.id, participantId: fast!, leaseMinutes: 30, maxUnits: null })).toMatchObject({ kind: "done", reason: "none_left" });

    await expire(first.lease.assignmentId);
    expect(await sweepExpired(study.id)).toBe(1);
    const second = await leaseNext({ studyId: study.id, participantId: fast!, leaseMinutes: 30, maxUnits: null });
    expect(second.kind).toBe("leased");

    await expect(
      submitResponse({ studyId: study.id, participantId: slow!, assignmentId: first.lease.assignmentId, idempotencyKey: randomUUID(), stage: "main", final: true, payload: {}, startedAt: null, durationMs: null }),
    ).rejects.toMatchObject({ code: "conflict", status: 409 });
    expect(await db().response.count({ where: { studyId: study.id } })).toBe(0);
  });

  it("a submission on an expired lease is taken while the unit is still free for them", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 2 });
    const [p] = await makeParticipants(study.id, 1);
    const lease = await leaseNext({ studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: null });
    if (lease.kind !== "leased") throw new Error("expected a lease");
    await expire(lease.lease.assignmentId);
    await sweepExpired(study.id);
    const result = await submitResponse({ studyId: study.id, participantId: p!, assignmentId: lease.lease.assignmentId, idempotencyKey: randomUUID(), stage: "main", final: true, payload: {}, startedAt: null, durationMs: null });
    expect(result.duplicate).toBe(false);
    const unit = await db().studyUnit.findFirstOrThrow({ where: { studyId: study.id } });
    expect(unit.activeCount).toBe(1);
    expect((await db().assignment.findUniqueOrThrow({ where: { id: lease.lease.assignmentId } })).status).toBe("submitted");
  });

  it("a returned unit goes to someone else, never back to the one who returned it", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 1 });
    const [a, b] = await makeParticipants(study.id, 2);
    const lease = await leaseNext({ studyId: study.id, participantId: a!, leaseMinutes: 30, maxUnits: null });
    if (lease.kind !== "leased") throw new Error("expected a lease");
    expect(await returnLease({ participantId: a!, assignmentId: lease.lease.assignmentId })).toBe(true);
    expect(await leaseNext({ studyId: study.id, participantId: a!, leaseMinutes: 30, maxUnits: null })).toMatchObject({ kind: "done", reason: "none_left" });
    expect((await leaseNext({ studyId: study.id, participantId: b!, leaseMinutes: 30, maxUnits: null })).kind).toBe("leased");
  });

  it("the same idempotency key never makes two responses, even when retries race", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 1 });
    const [p] = await makeParticipants(study.id, 1);
    const lease = await leaseNext({ studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: null });
    if (lease.kind !== "leased") throw new Error("expected a lease");
    const key = randomUUID();
    const input = { studyId: study.id, participantId: p!, assignmentId: lease.lease.assignmentId, idempotencyKey: key, stage: "main", final: true, payload: { x: 1 }, startedAt: null, durationMs: 5 };
    const results = await Promise.all(Array.from({ length: 8 }, () => submitResponse(input)));
    expect(new Set(results.map((r) => r.responseId)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await db().response.count({ where: { studyId: study.id } })).toBe(1);
  });

  it("a second tab's different answers under the same key are refused (409 already_submitted), not acknowledged as a retry; the same answers again still are a retry", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 1 });
    const [p] = await makeParticipants(study.id, 1);
    const lease = await leaseNext({ studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: null });
    if (lease.kind !== "leased") throw new Error("expected a lease");
    // two tabs share the unit's draft, and so its key
    const tab = (x: number) => ({ studyId: study.id, participantId: p!, assignmentId: lease.lease.assignmentId, idempotencyKey: "shared-draft-key", stage: "main", final: true, payload: { x, nested: { a: 1, b: [1, 2] } }, startedAt: null, durationMs: 5 });
    const [one, other] = await Promise.allSettled([submitResponse(tab(1)), submitResponse(tab(2))]);
    const stored = (await db().response.findMany({ where: { studyId: study.id } })).map((r) => r.payload as { x: number });
    expect(stored).toHaveLength(1);
    // whichever committed first is stored; the other is told so, never that it was saved
    const [won, lost] = stored[0]!.x === 1 ? [one, other] : [other, one];
    expect(won).toMatchObject({ status: "fulfilled", value: { duplicate: false } });
    expect(lost).toMatchObject({ status: "rejected", reason: { code: "conflict", extra: { reason: "already_submitted" } } });
    // a retry of the stored answers (keys in another order, as jsonb gives them back) is still a duplicate
    const again = await submitResponse({ ...tab(stored[0]!.x), payload: { nested: { b: [1, 2], a: 1 }, x: stored[0]!.x } });
    expect(again.duplicate).toBe(true);
  });

  it("a submission for a unit not leased to you, or after close, gets 409 and writes nothing", async () => {
    const { study } = await makeStudyWithUnits({ units: 2, n: 2 });
    const [a, b] = await makeParticipants(study.id, 2);
    const lease = await leaseNext({ studyId: study.id, participantId: a!, leaseMinutes: 30, maxUnits: null });
    if (lease.kind !== "leased") throw new Error("expected a lease");
    await expect(
      submitResponse({ studyId: study.id, participantId: b!, assignmentId: lease.lease.assignmentId, idempotencyKey: randomUUID(), stage: "main", final: true, payload: {}, startedAt: null, durationMs: null }),
    ).rejects.toMatchObject({ status: 409 });
    await db().study.update({ where: { id: study.id }, data: { state: "closed" } });
    await expect(
      submitResponse({ studyId: study.id, participantId: a!, assignmentId: lease.lease.assignmentId, idempotencyKey: randomUUID(), stage: "main", final: true, payload: {}, startedAt: null, durationMs: null }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await db().response.count({ where: { studyId: study.id } })).toBe(0);
  });

  it("a unit being leased stays locked against other leases but not against the foreign-key checks of answers to it", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 3 });
    const [p] = await makeParticipants(study.id, 1);
    const leasing = await pool().connect();
    const other = await pool().connect();
    try {
      // the lease's statement inside an open transaction holds its unit lock until ROLLBACK
      await leasing.query("BEGIN");
      const held = await lease(leasing, { studyId: study.id, participantId: p!, leaseMinutes: 30, maxUnits: null, order: "fill", maxUnitsPerContext: null, avoidQuestions: [], groups: null, withQuestions: false });
      if (held.kind !== "leased") throw new Error(`unexpected ${held.kind}`);
      const unitId = held.lease.unitId;
      // NOWAIT fails at once (55P03) when the lock conflicts: no timing involved
      await expect(other.query(`SELECT 1 FROM "StudyUnit" WHERE id = $1 FOR KEY SHARE NOWAIT`, [unitId])).resolves.toMatchObject({ rowCount: 1 });
      await expect(other.query(`SELECT 1 FROM "StudyUnit" WHERE id = $1 FOR NO KEY UPDATE NOWAIT`, [unitId])).rejects.toMatchObject({ code: "55P03" });
    } finally {
      await leasing.query("ROLLBACK");
      leasing.release();
      other.release();
    }
  });
});
