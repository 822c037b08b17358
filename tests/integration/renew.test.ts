import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sweepExpired } from "@/lib/assignment/lease";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";
import { joined, type HttpParticipant } from "../support/participant-http";

// POST /api/s/<code>/renew, through the real route handler: the participant's "Keep working"
// before the lease runs out (WCAG 2.2.1). Only a live lease of theirs moves; a lease that ran
// out (and may be someone else's unit now) never does.

const LEASE_MINUTES = 10;

async function openStudy() {
  const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  const actor = { id: owner.id, role: owner.role };
  const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
  const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "renew", unit: "question", n: 1, leaseMinutes: LEASE_MINUTES }) });
  await changeStudyState({ actor, studyId: created.id, to: "open" });
  return created;
}

const expiresAt = async (assignmentId: string) =>
  (await pool().query<{ e: Date }>(`SELECT "expiresAt" AS e FROM "Assignment" WHERE id = $1`, [assignmentId])).rows[0]!.e.getTime();
const setExpiry = (assignmentId: string, sql: string) => pool().query(`UPDATE "Assignment" SET "expiresAt" = ${sql} WHERE id = $1`, [assignmentId]);

async function held(p: HttpParticipant) {
  const next = await p.next();
  expect(next.body.status).toBe("unit");
  return next.body.unit!;
}

describe("renewing a lease", () => {
  it("pushes the participant's own live lease out to the lease length from now, as often as asked", async () => {
    const study = await openStudy();
    const a = await joined(study.code, { PROLIFIC_PID: "a" });
    const unit = await held(a);
    // two minutes left, as when the page warns
    await setExpiry(unit.assignmentId, `now() + interval '2 minutes'`);
    const before = await expiresAt(unit.assignmentId);

    for (let i = 0; i < 12; i++) {
      const renewed = await a.renew(unit.assignmentId);
      expect(renewed.status, renewed.text).toBe(200);
      const stored = await expiresAt(unit.assignmentId);
      expect(new Date(renewed.body.expiresAt!).getTime()).toBe(stored);
    }
    const after = await expiresAt(unit.assignmentId);
    expect(after).toBeGreaterThan(before);
    // the database's clock, not this process's, decides: about LEASE_MINUTES from its now()
    const { rows } = await pool().query<{ left: number }>(`SELECT extract(epoch FROM "expiresAt" - now())::float8 AS left FROM "Assignment" WHERE id = $1`, [unit.assignmentId]);
    expect(rows[0]!.left).toBeGreaterThan((LEASE_MINUTES - 1) * 60);
    expect(rows[0]!.left).toBeLessThanOrEqual(LEASE_MINUTES * 60);
    // still the same lease: the next call serves the same unit
    expect((await held(a)).assignmentId).toBe(unit.assignmentId);
  });

  it("never shortens a lease that has more time left than the lease length", async () => {
    const study = await openStudy();
    const a = await joined(study.code, { PROLIFIC_PID: "a" });
    const unit = await held(a);
    await setExpiry(unit.assignmentId, `now() + interval '3 hours'`);
    const before = await expiresAt(unit.assignmentId);
    expect((await a.renew(unit.assignmentId)).status).toBe(200);
    expect(await expiresAt(unit.assignmentId)).toBe(before);
  });

  it("refuses another participant's lease (409 not_leased) and leaves it as it was", async () => {
    const study = await openStudy();
    const a = await joined(study.code, { PROLIFIC_PID: "a" });
    const b = await joined(study.code, { PROLIFIC_PID: "b" });
    const unit = await held(a);
    const before = await expiresAt(unit.assignmentId);
    const refused = await b.renew(unit.assignmentId);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe("not_leased");
    expect(await expiresAt(unit.assignmentId)).toBe(before);
    expect((await b.renew(randomUUID())).body.reason).toBe("not_leased");
  });

  it("an expired lease whose unit went to someone else is not renewable, and the new holder's lease is untouched", async () => {
    const study = await openStudy();
    const a = await joined(study.code, { PROLIFIC_PID: "a" });
    const b = await joined(study.code, { PROLIFIC_PID: "b" });
    // b answers every unit but the one a holds, so the unit a loses is the only one left for b
    const lost = await held(a);
    for (let i = 0; i < study.units - 1; i++) {
      const unit = await held(b);
      expect((await b.submit(unit.assignmentId, { answers: { [unit.questions[0]!.id]: 0 } })).status).toBe(201);
    }
    expect((await b.next()).body.status).toBe("done");

    await setExpiry(lost.assignmentId, `now() - interval '1 second'`);
    // ran out, not yet swept: already refused
    const early = await a.renew(lost.assignmentId);
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe("lease_expired");

    expect(await sweepExpired(pool(), study.id)).toBe(1);
    const taken = await held(b);
    expect(taken.questions[0]!.id).toBe(lost.questions[0]!.id);
    const theirs = await expiresAt(taken.assignmentId);
    const late = await a.renew(lost.assignmentId);
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe("lease_expired");
    expect(await expiresAt(taken.assignmentId)).toBe(theirs);
    expect(await expiresAt(lost.assignmentId)).toBeLessThan(Date.now());
  });

  it("a submitted unit is not renewable (409 already_submitted)", async () => {
    const study = await openStudy();
    const a = await joined(study.code, { PROLIFIC_PID: "a" });
    const unit = await held(a);
    expect((await a.submit(unit.assignmentId, { answers: { [unit.questions[0]!.id]: 0 } })).status).toBe(201);
    const refused = await a.renew(unit.assignmentId);
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe("already_submitted");
  });
});
