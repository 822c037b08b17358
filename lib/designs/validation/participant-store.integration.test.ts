import { setTimeout } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { readStudyAtOneMoment } from "@/lib/designs/counted";
import type { Study } from "@/lib/designs/types";
import { readParticipantAgreement } from "@/lib/designs/validation/participant-store";
import { readAgreement } from "@/lib/designs/validation/participants";
import { randomValidationStudy } from "@/lib/designs/validation/random-study.testing";
import { participantsPage, participantsQuery } from "@/lib/studies/tables";
import { answer, rng, type Rng } from "@/tests/support/random-study";

// The kept agreement per participant (ParticipantAgreement, participant-store.ts) against the agreement
// worked out again from the tallies (readAgreement, which results-sql.integration.test.ts holds to
// leaveOneOutAgreement). A kept row is marked here with figures no computation gives, so a page shows
// which rows it took as kept: those of participants none of whose units changed, and no other.

const MARK = { agree: 1, compared: 7, restsOn: 5 };
const MARKED = MARK.agree / MARK.compared;

/** Waits until no transaction older than the study's last tally change is still running. Another test
 *  file's open transaction holds a snapshot's xmin back, and rows kept under it rightly count as stale;
 *  this file could then not tell kept rows from worked-out ones. */
async function settled(studyId: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await pool().query<{ ok: boolean }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint > coalesce((SELECT max("changedBy") FROM "UnitTally" WHERE "studyId" = $1), 0) AS ok`,
      [studyId],
    );
    if (rows[0]!.ok) return;
    await setTimeout(50);
  }
  throw new Error("a transaction older than the study's changes is still open after 30 s");
}

/** The first page of the participants table (read after settled: what it keeps holds until a change). */
async function page(study: Study) {
  await settled(study.id);
  const { items } = await participantsPage(study, participantsQuery.parse({ pageSize: 100 }));
  return new Map(items.map((p) => [p.participantId, p]));
}

async function workedOut(study: Study, ids: string[]) {
  const rows = await readStudyAtOneMoment(study.id, (client, notCounted) => readAgreement({ client, study: study as Study<never>, notCounted }, ids));
  return new Map(ids.map((id) => {
    const r = rows.get(id);
    const rate = r && r.compared > 0 ? r.agree / r.compared : null;
    return [id, { agreementWithMajority: rate, agreementUnits: rate === null ? 0 : r!.restsOn }];
  }));
}

async function mark(studyId: string): Promise<void> {
  await pool().query(`UPDATE "ParticipantAgreement" SET agree = $2, compared = $3, "restsOn" = $4 WHERE "studyId" = $1`, [studyId, MARK.agree, MARK.compared, MARK.restsOn]);
}

/** A new submitted answer by `participantId` to a unit they had none for, copying an answer's payload
 *  there (so its checks are the unit's); the unit's other participants. */
async function answerNew(study: Study, participantId: string, r: Rng): Promise<string[]> {
  const { rows } = await pool().query<{ unitId: string; payload: unknown }>(
    `SELECT DISTINCT ON (r."unitId") r."unitId", r.payload FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId"
     WHERE r."studyId" = $1 AND a.status = 'submitted' AND NOT EXISTS (SELECT 1 FROM "Assignment" x WHERE x."unitId" = r."unitId" AND x."participantId" = $2)
     ORDER BY r."unitId", r.id LIMIT 1`,
    [study.id, participantId],
  );
  const unit = rows[0]!;
  await answer({ r, studyId: study.id, unitId: unit.unitId, participantId, status: "submitted", payloads: [unit.payload], base: Date.parse("2026-01-06T09:00:00Z") });
  return votersOf(unit.unitId);
}

async function votersOf(unitId: string): Promise<string[]> {
  const { rows } = await pool().query<{ participantId: string }>(`SELECT "participantId" FROM "Assignment" WHERE "unitId" = $1`, [unitId]);
  return rows.map((x) => x.participantId);
}

/** Every participant of the page: worked out again (equal to the computation) if `changed`, else kept (marked). */
async function expectKeptUnless(study: Study, changed: Set<string>): Promise<void> {
  const shown = await page(study);
  const expected = await workedOut(study, [...shown.keys()]);
  expect(changed.size).toBeGreaterThan(0);
  expect(shown.size).toBeGreaterThan(changed.size);
  for (const [id, p] of shown) {
    if (changed.has(id)) {
      expect({ id, agreementWithMajority: p.agreementWithMajority ?? null, agreementUnits: p.agreementUnits }).toEqual({ id, ...expected.get(id)! });
    } else {
      expect({ id, agreementWithMajority: p.agreementWithMajority }).toEqual({ id, agreementWithMajority: MARKED });
    }
  }
}

describe("kept agreement per participant: used while none of the participant's units changed, worked out again otherwise", () => {
  it("after a new answer and after an exclusion, only the participants of the changed unit are worked out again", async () => {
    const study = await randomValidationStudy(83, { participants: 14, maxPerUnit: 9, n: 5 });
    const r = rng(84);
    // first read: nothing kept; the page equals the computation, and keeps every row
    const first = await page(study);
    const expected = await workedOut(study, [...first.keys()]);
    for (const [id, p] of first) expect({ agreementWithMajority: p.agreementWithMajority ?? null, agreementUnits: p.agreementUnits }).toEqual(expected.get(id));
    const { rows: kept } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "ParticipantAgreement" WHERE "studyId" = $1`, [study.id]);
    expect(kept[0]!.n).toBe(first.size);

    // nothing changed: every row kept
    await mark(study.id);
    for (const p of (await page(study)).values()) expect(p.agreementWithMajority).toBe(MARKED);

    // a new answer: its unit's participants are worked out again
    const someone = [...first.keys()][0]!;
    await expectKeptUnless(study, new Set(await answerNew(study, someone, r)));

    // an exclusion takes an answer out: the participants of that unit, the excluded one included
    await mark(study.id);
    const { rows: excluded } = await pool().query<{ unitId: string }>(
      `UPDATE "Assignment" SET status = 'excluded' WHERE id = (SELECT a.id FROM "Assignment" a JOIN "AssignmentTally" t ON t."assignmentId" = a.id WHERE a."studyId" = $1 ORDER BY a.id LIMIT 1) RETURNING "unitId"`,
      [study.id],
    );
    await expectKeptUnless(study, new Set(await votersOf(excluded[0]!.unitId)));
  });

  it("a change committed while the read's snapshot was open leaves the rows it kept to be worked out again", async () => {
    const study = await randomValidationStudy(89, { participants: 12, maxPerUnit: 8, n: 4 });
    const r = rng(90);
    const ids = [...(await page(study)).keys()];
    await pool().query(`DELETE FROM "ParticipantAgreement" WHERE "studyId" = $1`, [study.id]);
    let changed: string[] = [];
    await settled(study.id);
    // the read works every row out in its snapshot; meanwhile an answer lands; the rows are kept after
    const { keep } = await readStudyAtOneMoment(study.id, async (client, notCounted) => {
      const read = await readParticipantAgreement({ client, study: study as Study<never>, notCounted }, ids);
      changed = await answerNew(study, ids[1]!, r);
      return read;
    });
    await keep(pool());
    await mark(study.id);
    await expectKeptUnless(study, new Set(changed));
  });

  it("a change by a transaction already open when the read began (its xid is the snapshot's xmin) leaves those rows to be worked out again", async () => {
    const study = await randomValidationStudy(97, { participants: 12, maxPerUnit: 8, n: 4 });
    const ids = [...(await page(study)).keys()];
    await pool().query(`DELETE FROM "ParticipantAgreement" WHERE "studyId" = $1`, [study.id]);
    const { rows } = await pool().query<{ id: string; unitId: string }>(
      `SELECT a.id, a."unitId" FROM "Assignment" a JOIN "AssignmentTally" t ON t."assignmentId" = a.id WHERE a."studyId" = $1 ORDER BY a.id LIMIT 1`,
      [study.id],
    );
    await settled(study.id);
    const writer = await pool().connect();
    try {
      await writer.query("BEGIN");
      await writer.query("SELECT pg_current_xact_id()"); // the transaction has its xid before the snapshot is taken
      const { keep } = await readStudyAtOneMoment(study.id, async (client, notCounted) => {
        const read = await readParticipantAgreement({ client, study: study as Study<never>, notCounted }, ids);
        await writer.query(`UPDATE "Assignment" SET status = 'excluded' WHERE id = $1`, [rows[0]!.id]);
        await writer.query("COMMIT");
        return read;
      });
      await keep(pool());
    } finally {
      writer.release();
    }
    await mark(study.id);
    await expectKeptUnless(study, new Set(await votersOf(rows[0]!.unitId)));
  });
});
