import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { readGroupFill } from "@/lib/studies/group-fill";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { BOOKS, writeChartom } from "../support/chartom";
import { joined } from "../support/participant-http";

// Group membership from a screener asked on entry: a checklist of books (readers of *that*
// book), or one choice for the whole study; the familiarity check that turns a claimed reader
// who fails it into a non-reader of the book; answers fixed once the first unit is leased; and
// "no tasks for you" with the screened-out code when a participant fits no group that still
// needs answers.

async function setup(groups: unknown, extra: Record<string, unknown> = {}) {
  const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  const actor = { id: owner.id, role: owner.role };
  const { file } = writeChartom();
  const ds = await importDataset({ file, benchmark: "chartom", ownerId: owner.id, asNewVersion: true });
  const created = await createStudy({
    actor,
    spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "screened", unit: "question", kinds: ["single_choice"], groups, completionCodes: { completed: "DONE-1", screenedOut: "SCR-OUT" }, ...extra }),
  });
  await changeStudyState({ actor, studyId: created.id, to: "open" });
  return created;
}

const participantRow = async (externalId: string) =>
  (await pool().query<{ group: string | null; groupValues: string[]; status: string; screener: Record<string, unknown> | null }>(`SELECT "group", "groupValues", status::text, screener FROM "Participant" WHERE "externalId" = $1`, [externalId])).rows[0]!;

describe("screener on entry", () => {
  it("a book checklist with a familiarity check: a reader who fails a book's questions reads as a non-reader of it; answers fixed after the first unit", async () => {
    const created = await setup({
      names: ["read", "not_read"],
      perUnit: { read: 1, not_read: 1 },
      membership: { from: "screener", tag: "book", param: "read" },
      screener: { prompt: "Which of these books have you read completely?" },
      familiarity: {
        items: [
          { tagValue: BOOKS[0], prompt: "Who is Emma's father?", options: ["Mr Woodhouse", "Mr Knightley"], answer: 0 },
          { tagValue: BOOKS[1], prompt: "Whom does Anne marry?", options: ["Mr Elliot", "Captain Wentworth"], answer: 1 },
        ],
        passThreshold: 1,
      },
    });
    const p = await joined(created.code, { PROLIFIC_PID: "screened-1" });
    const first = await p.next();
    expect(first.body.status).toBe("screener");
    expect(first.body.screener!.choice).toBe("values");
    expect(first.body.screener!.options.map((o) => o.value)).toEqual([...BOOKS].sort());
    expect(first.body.screener!.familiarity.map((f) => f.appliesTo)).toEqual([BOOKS[0], BOOKS[1]]);
    // the familiarity answers never reach the browser
    expect(first.text).not.toMatch(/"answer"/);

    const unknown = await p.screener({ values: ["Not a book of this study"] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.invalid_params?.map((x) => x.name)).toEqual(["values"]);
    // a ticked book's questions must be answered; the 422 names each one, so the page can mark it
    const missing = await p.screener({ values: [BOOKS[0], BOOKS[1]], familiarity: { "1": 1 } });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain("Answer every question");
    expect(missing.body.invalid_params).toEqual([{ name: "familiarity.0", reason: "Answer this question." }]);

    // claims two books, knows only the first
    const answered = await p.screener({ values: [BOOKS[0], BOOKS[1]], familiarity: { "0": 0, "1": 0 } });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toEqual({ status: "active" });
    let row = await participantRow("screened-1");
    expect(row.groupValues).toEqual([BOOKS[0]]);
    expect(row.screener).toMatchObject({ values: [BOOKS[0], BOOKS[1]], familiarityFailed: [BOOKS[1]] });

    // before the first unit the answers may be given again (from the same starting point)
    expect((await p.screener({ values: [BOOKS[0], BOOKS[1]], familiarity: { "0": 0, "1": 1 } })).status).toBe(200);
    row = await participantRow("screened-1");
    expect(row.groupValues.sort()).toEqual([BOOKS[0], BOOKS[1]].sort());

    const unit = await p.next();
    expect(unit.body.status).toBe("unit");
    const locked = await p.screener({ values: [], familiarity: {} });
    expect(locked.status).toBe(409);
    expect(locked.body.reason).toBe("screener_locked");
    // the unit's group follows the book: read for the two books passed, not_read for the others
    const { rows } = await pool().query<{ group: string; book: string }>(
      `SELECT a."group", u."groupValue" AS book FROM "Assignment" a JOIN "StudyUnit" u ON u.id = a."unitId" JOIN "Participant" p ON p.id = a."participantId" WHERE p."externalId" = 'screened-1'`,
    );
    for (const r of rows) expect(r.group).toBe([BOOKS[0], BOOKS[1]].includes(r.book) ? "read" : "not_read");
  });

  it("one choice for the whole study: 'none of these' and a full group both end with the screened-out code", async () => {
    const created = await setup(
      {
        names: ["native", "non_native"],
        perUnit: { native: 1, non_native: 1 },
        membership: { from: "screener" },
        screener: {
          prompt: "Is English your first language?",
          options: [
            { label: "Yes", group: "native" },
            { label: "No", group: "non_native" },
            { label: "I'd rather not say", group: null },
          ],
        },
      },
      { maxUnitsPerParticipant: null },
    );
    const none = await joined(created.code, { PROLIFIC_PID: "none-1" });
    expect((await none.next()).body.screener!.options.map((o) => o.label)).toEqual(["Yes", "No", "I'd rather not say"]);
    const noChoice = await none.screener({});
    expect(noChoice.status).toBe(422);
    expect(noChoice.body.invalid_params?.map((x) => x.name)).toEqual(["option"]);
    expect((await none.screener({ option: 2 })).body).toEqual({ status: "screened_out" });
    const after = await none.next();
    expect(after.body).toMatchObject({ status: "screened_out", completionCode: "SCR-OUT" });
    expect((await none.screener({ option: 0 })).status).toBe(409);

    // the first native speaker takes every unit's native place; the second has nothing left
    const first = await joined(created.code, { PROLIFIC_PID: "native-1" });
    await first.screener({ option: 0 });
    for (;;) {
      const next = await first.next();
      if (next.body.status !== "unit") break;
      const q = next.body.unit!.questions[0]!;
      expect((await first.submit(next.body.unit!.assignmentId, { answers: { [q.id]: 0 } })).status).toBe(201);
    }
    const second = await joined(created.code, { PROLIFIC_PID: "native-2" });
    await second.screener({ option: 0 });
    expect((await second.next()).body).toMatchObject({ status: "screened_out", completionCode: "SCR-OUT" });
    // a non-native speaker still has every unit
    const other = await joined(created.code, { PROLIFIC_PID: "non-native-1" });
    await other.screener({ option: 1 });
    expect((await other.next()).body.status).toBe("unit");
    expect((await participantRow("non-native-1")).group).toBe("non_native");

    // the study page's fill per group: native full, non_native short everywhere, one unit leased
    const fill = (await readGroupFill((await readStudy(pool(), { id: created.id }))!))!;
    expect(fill.groups).toEqual([
      { group: "native", capacity: created.units, submitted: created.units, live: 0, unitsShort: 0 },
      { group: "non_native", capacity: created.units, submitted: 0, live: 1, unitsShort: created.units },
    ]);
    // whoever finished is not "unserved"; the second native speaker is
    expect(fill.unserved.map((p) => p.externalId)).toEqual(["native-2"]);
    // the participant whose answer fit no group is counted apart
    expect(fill.screenedOut).toBe(1);
    expect(fill.probedOnly).toBeNull();
  });
});
