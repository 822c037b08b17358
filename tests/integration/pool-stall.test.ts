import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";
import { joined } from "../support/participant-http";
import { votesBesidePayloads } from "../support/votes";

// Round 1's submit stalled: validation of answer-key units, inside the submit transaction, took a
// second pool connection; with as many concurrent submits as the pool held, every one waited the
// connect timeout and failed with 500. Here the pool holds 2 connections and waits at most 1 s
// for one, and 12 participants submit answer-key units at the same moment: a submit that waited
// more than 1 s for a connection would fail, so "all 201" means none did.
process.env.DB_POOL_SIZE = "2";
process.env.DB_CONNECT_TIMEOUT_MS = "1000";

describe("the submit path with a pool of 2 connections", () => {
  it("12 participants submitting answer-key units at once are all answered 201, none waiting over 1 s for a connection, nothing lost", async () => {
    expect(pool().options.max).toBe(2);
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
    // 4 questions × N = 3: exactly 12 answer-key units to hand out
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "validation", name: "stall", unit: "question", n: 3, config: { answerKey: true } }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => joined(created.code, { PROLIFIC_PID: `stall-${i}` })));
    const units = await Promise.all(people.map((p) => p.next()));
    for (const u of units) expect(u.body.status, u.text).toBe("unit");

    const answered = await Promise.all(
      people.map((p, i) => {
        const unit = units[i]!.body.unit!;
        return p.submit(unit.assignmentId, { answers: Object.fromEntries(unit.checks.map((c) => [c.key, c.options[0]!.value])) });
      }),
    );
    expect(answered.map((a) => a.status)).toEqual(Array(12).fill(201));
    const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "Response" WHERE "studyId" = $1`, [created.id]);
    expect(rows[0]!.n).toBe(12);
    // each answer's votes (the trigger on Response, inside each submit's transaction): one per check, as given
    const { votes, payloads } = await votesBesidePayloads(pool(), created.id);
    expect(votes.length).toBeGreaterThanOrEqual(24);
    expect(votes).toEqual(payloads);
  });
});
