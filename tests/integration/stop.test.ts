import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { POST as stopRoute } from "@/app/api/s/[code]/stop/route";
import { NextRequest } from "next/server";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { importDataset } from "@/lib/datasets/import";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";
import { joined } from "../support/participant-http";

// "Stop here" releases the participant's lease at once: another participant gets that unit on
// their very next call, and the one who stopped learns whether to complete or to return.
describe("stopping a session", () => {
  it("gives the live unit back at once, keeps what was submitted, and answers completed or returned", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "stop", unit: "question", n: 1 }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const units = created.units;

    // a first participant takes every unit but the last, then holds the last one and stops
    const a = await joined(created.code, { PROLIFIC_PID: "a" });
    for (let i = 0; i < units - 1; i++) {
      const unit = (await a.next()).body.unit!;
      const q = unit.questions[0]!;
      expect((await a.submit(unit.assignmentId, { answers: { [q.id]: 0 } })).status).toBe(201);
    }
    const held = (await a.next()).body.unit!;
    const b = await joined(created.code, { PROLIFIC_PID: "b" });
    expect((await b.next()).body.status).toBe("done");

    const stop = async (code: string, cookieOf: typeof a) => {
      const req = new NextRequest(`http://sally.test/api/s/${code}/stop`, { method: "POST", headers: { cookie: cookieOf.cookie, origin: "http://sally.test", host: "sally.test" } });
      const res = await stopRoute(req, { params: Promise.resolve({ code }) });
      return { status: res.status, body: (await res.json()) as { outcome: string; completionCode?: string } };
    };
    const stopped = await stop(created.code, a);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ outcome: "completed", completionCode: expect.any(String) });
    // released at once: b gets the unit a held, with no sweep in between
    const taken = (await b.next()).body.unit!;
    expect(taken.questions[0]!.id).toBe(held.questions[0]!.id);
    const { rows } = await pool().query<{ status: string; n: number }>(
      `SELECT status::text, count(*)::int AS n FROM "Assignment" WHERE "studyId" = $1 GROUP BY 1 ORDER BY 1`,
      [created.id],
    );
    expect(rows).toEqual([{ status: "live", n: 1 }, { status: "returned", n: 1 }, { status: "submitted", n: units - 1 }]);
    // someone who stops with nothing done is told to return the submission
    const c = await joined(created.code, { PROLIFIC_PID: "c" });
    expect((await stop(created.code, c)).body).toEqual({ outcome: "returned" });
  });
});
