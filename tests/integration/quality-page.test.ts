import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { excludeByResearcher, participantQuality } from "@/lib/studies/quality";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";
import { HttpParticipant, joined } from "../support/participant-http";

// The annotator-quality figures and a researcher's exclusion: Dawid–Skene confusion matrices
// per annotator, agreement with the others, quality signals, and an exclusion that voids the
// participant's answers, reopens their units, and is audited.
describe("annotator quality", () => {
  it("reports per-annotator figures and signals, and a researcher's exclusion reopens the units and is audited", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "validation", name: "q", unit: "question", n: 4, config: { contextChecks: { flags: [{ key: "odd", label: "Odd" }], comment: true } } }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    // three agree on "no"; the fourth always says "yes", pastes, and copies a comment (with two
    // others only, a steady annotator would face a tie among the others and have no figure)
    const names = ["steady-1", "steady-2", "steady-3", "contrarian"];
    // someone opens the link and goes no further: no row to judge
    await new HttpParticipant(created.code).enter({ PROLIFIC_PID: "looked-only" });
    const people = new Map<string, HttpParticipant>();
    for (const name of names) {
      const p = await joined(created.code, { PROLIFIC_PID: name });
      people.set(name, p);
      for (;;) {
        const next = await p.next();
        if (next.body.status !== "unit") break;
        const odd = name === "contrarian" ? "yes" : "no";
        const comment = name === "contrarian" ? "The conversation is fine and the question reads well to me." : undefined;
        const body = { answers: { "flag:odd": odd }, ...(comment ? { comment } : {}) };
        const res = await p.submit(next.body.unit!.assignmentId, body);
        expect(res.status).toBe(201);
      }
    }
    await pool().query(`UPDATE "Response" r SET signals = '{"pastes": 2, "focusLosses": 1}' FROM "Participant" p WHERE p.id = r."participantId" AND p."externalId" = 'contrarian'`);
    const study = (await readStudy(pool(), { id: created.id }))!;
    const { rows } = await participantQuality(study);
    const by = Object.fromEntries(rows.map((r) => [r.externalId, r]));
    expect(rows.map((r) => r.externalId).sort()).toEqual([...names].sort());
    // every figure is read in the one snapshot (its own connections), none on the pool's, which would each see another moment.
    // The pool may only write kept agreement after the read: a row is kept against the cluster's oldest running
    // transaction, so another database's long write (another test file's) can leave it to be worked out and kept again.
    const direct = vi.spyOn(pool(), "query");
    try {
      expect((await participantQuality(study)).rows).toEqual(rows);
      const reads = direct.mock.calls.map((c) => String(c[0]).trimStart()).filter((sql) => !sql.startsWith(`INSERT INTO "ParticipantAgreement"`));
      expect(reads).toEqual([]);
    } finally {
      direct.mockRestore();
    }
    expect(by["steady-1"]).toMatchObject({ units: 4, agreementWithMajority: 1, pastes: 0 });
    expect(by.contrarian).toMatchObject({ units: 4, agreementWithMajority: 0, pastes: 8, focusLosses: 4 });
    // Dawid–Skene's confusion matrix for the flag, per annotator, rows summing to 1
    const confusion = by.contrarian!.confusion["flag:odd"]!;
    expect(confusion.categories.sort()).toEqual(["no", "yes"]);
    for (const rowSum of confusion.matrix.map((r: number[]) => r.reduce((a: number, b: number) => a + b, 0))) expect(rowSum).toBeCloseTo(1, 6);

    const result = await excludeByResearcher({ study, participantId: by.contrarian!.participantId, reason: "Answers against everyone, pasted text.", actorId: owner.id });
    expect(result.reopened).toBe(4);
    const { rows: audit } = await pool().query(`SELECT reason FROM "AuditEvent" WHERE action = 'participant.exclude' AND "targetId" = $1`, [by.contrarian!.participantId]);
    expect(audit).toEqual([{ reason: "Answers against everyone, pasted text." }]);
    const { rows: units } = await pool().query<{ active: number }>(`SELECT "activeCount" AS active FROM "StudyUnit" WHERE "studyId" = $1`, [created.id]);
    expect(units.every((u) => u.active === 3)).toBe(true);
    // the participant is told the researchers ended their part, not that they missed attention checks (there were none)
    expect((await people.get("contrarian")!.next()).body.status).toBe("excluded");
  });
});
