import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { changeStudyState, createStudy, parseSpec, planStudy } from "@/lib/studies/service";
import { participantsPage, participantsQuery } from "@/lib/studies/tables";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";
import { joined } from "../support/participant-http";

async function researcher() {
  const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  return { actor: { id: owner.id, role: owner.role }, ownerId: owner.id };
}

describe("planning a study", () => {
  it("the figures shown before creation (units, answers, participants) match the study created from the same spec", async () => {
    const { actor, ownerId } = await researcher();
    const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId, asNewVersion: true });
    const spec = parseSpec({ dataset: ds.datasetId, design: "validation", name: "plan", unit: "question", n: 3, maxUnitsPerParticipant: 2, filter: { mental_state: ["emotion"] }, config: { answerKey: true } });
    const plan = await planStudy({ actor, spec });
    // the fixture holds 3 emotion questions: 3 units × N 3 = 9 answers, 5 people at 2 each
    expect(plan).toMatchObject({ units: 3, answers: 9, participants: 5 });
    const created = await createStudy({ actor, spec });
    expect(created.units).toBe(plan.units);
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "StudyUnit" WHERE "studyId" = $1`, [created.id]);
    expect(rows[0]!.n).toBe(plan.units);
  });
});

describe("agreement with the majority of the others (leave one out)", () => {
  it("compares each participant with the other participants' majority only, on units at least 2 others answered, and says how many units it rests on", async () => {
    const { actor, ownerId } = await researcher();
    const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId, asNewVersion: true });
    // 4 contexts; one flag; N = 3
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "validation", name: "loo", unit: "question", n: 3, config: { contextChecks: { flags: [{ key: "odd", label: "Odd" }], comment: false } } }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    // hand-made table, flag "odd" (yes/no) on units 1–2 by A, B, C; unit 3 only by A and B:
    //   unit 1: A yes, B yes, C no   → A vs {B yes, C no}: tie, not compared; B likewise; C vs {yes, yes}: disagrees
    //   unit 2: A no,  B no,  C no   → everyone agrees with the others
    //   unit 3: A yes, B no          → only 1 other each: not compared
    // so A: 1 of 1 (unit 2), rests on 2 units answered by 3; B: 1 of 1; C: 1 of 2
    const plan: Record<string, string[]> = { A: ["yes", "no", "yes"], B: ["yes", "no", "no"], C: ["no", "no"] };
    const order: string[] = [];
    for (const name of ["A", "B", "C"]) {
      const p = await joined(created.code, { PROLIFIC_PID: name });
      for (const [i, answer] of plan[name]!.entries()) {
        const unit = (await p.next()).body.unit!;
        // units are filled toward completion, so B and C get A's units in A's order
        if (name === "A") order.push(unit.questions[0]!.id);
        else expect(unit.questions[0]!.id).toBe(order[i]);
        expect((await p.submit(unit.assignmentId, { answers: { "flag:odd": answer } })).status).toBe(201);
      }
    }
    // per-participant figures come with the paged participants table (counted in SQL)
    const table = await participantsPage((await readStudy(pool(), { id: created.id }))!, participantsQuery.parse({}));
    expect(table.total).toBe(3);
    const by = Object.fromEntries(table.items.map((p) => [p.externalId, p]));
    expect(by.A).toMatchObject({ agreementWithMajority: 1, agreementUnits: 2 });
    expect(by.B).toMatchObject({ agreementWithMajority: 1, agreementUnits: 2 });
    expect(by.C).toMatchObject({ agreementWithMajority: 0.5, agreementUnits: 2 });
  });
});
