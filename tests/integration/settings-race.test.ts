import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { changeStudyState, createStudy, parseSpec, updateStudy } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";
import { joined } from "../support/participant-http";

// Round 1 lost acknowledged answers: a researcher's edit of N, the filter or the unit type,
// racing the first submits, rebuilt the units and the foreign keys cascaded into responses
// (19 of 19 deleted). Now an edit that changes units is refused while the study is open or has
// answers, the study row is locked while it decides, and the database refuses to delete an
// answered row whatever the code does.

async function setUp() {
  const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  const actor = { id: owner.id, role: owner.role };
  const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
  const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "race", unit: "question", n: 5 }) });
  return { actor, created };
}

describe("settings changes never delete acknowledged answers", () => {
  it("concurrent PATCH loops (N, filter, unit type; pausing in between) against concurrent first submits: every 201 is still in the database", async () => {
    const { actor, created } = await setUp();
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let stop = false;
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => joined(created.code, { PROLIFIC_PID: `race-${i}` })));

    const edits = (async () => {
      const changes = [{ n: 4 }, { filter: { mental_state: ["emotion"] } }, { unitType: "set" as const }, { n: 5 }];
      for (let round = 0; !stop && round < 40; round++) {
        // pausing first, as the refusal asks, then trying to change the units, then reopening
        await changeStudyState({ actor, studyId: created.id, to: "paused" }).catch(() => {});
        await updateStudy({ actor, studyId: created.id, input: changes[round % changes.length]! }).catch((err: { code?: string; extra?: { reason?: string } }) => refused.push(err.extra?.reason ?? err.code ?? "?"));
        await changeStudyState({ actor, studyId: created.id, to: "open" }).catch(() => {});
      }
    })();

    const submits = people.map(async (p) => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const next = await p.next();
        if (next.status !== 200 || next.body.status !== "unit") continue;
        const unit = next.body.unit!;
        const res = await p.submit(unit.assignmentId, { answers: Object.fromEntries(unit.questions.map((q) => [q.id, 0])) });
        if (res.status === 201) acknowledged.push(res.body.responseId);
        if (acknowledged.length >= 12) return;
      }
    });
    await Promise.all(submits);
    stop = true;
    await edits;

    expect(acknowledged.length).toBeGreaterThan(0);
    const { rows } = await pool().query<{ id: string }>(`SELECT id FROM "Response" WHERE id = ANY($1::uuid[])`, [acknowledged]);
    expect(rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    // some edits were refused (open, live leases, answers): none went through after the first answer
    expect(refused.length).toBeGreaterThan(0);
  });

  it("an edit that changes units is refused while the study is open, and while a paused study has live leases", async () => {
    const { actor, created } = await setUp();
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    await expect(updateStudy({ actor, studyId: created.id, input: { n: 2 } })).rejects.toMatchObject({ code: "conflict", extra: { reason: "study_open" } });
    const p = await joined(created.code, { PROLIFIC_PID: "holder" });
    expect((await p.next()).body.status).toBe("unit");
    await changeStudyState({ actor, studyId: created.id, to: "paused" });
    await expect(updateStudy({ actor, studyId: created.id, input: { n: 2 } })).rejects.toMatchObject({ code: "conflict", extra: { reason: "live_leases" } });
    // a name is not a unit change: allowed
    await expect(updateStudy({ actor, studyId: created.id, input: { name: "renamed" } })).resolves.toMatchObject({ id: created.id });
  });

  it("the database refuses to delete a unit, a participant or a study with answers (foreign keys restrict), whatever the code does", async () => {
    const { actor, created } = await setUp();
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const p = await joined(created.code, { PROLIFIC_PID: "answered" });
    const unit = (await p.next()).body.unit!;
    expect((await p.submit(unit.assignmentId, { answers: { [unit.questions[0]!.id]: 0 } })).status).toBe(201);
    for (const sql of [
      `DELETE FROM "StudyUnit" WHERE "studyId" = $1`,
      `DELETE FROM "Participant" WHERE "studyId" = $1`,
      `DELETE FROM "Assignment" WHERE "studyId" = $1`,
      `DELETE FROM "Study" WHERE id = $1`,
    ]) {
      await expect(pool().query(sql, [created.id])).rejects.toMatchObject({ code: "23503" });
    }
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "Response" WHERE "studyId" = $1`, [created.id]);
    expect(rows[0]!.n).toBe(1);
  });
});
