import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { designOf, type Study, type ValidationResults } from "@/lib/designs";
import { seededRandom } from "@/lib/metrics";
import { studyResults } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { studyTimeline, type Timeline } from "@/lib/studies/timeline";
import { foldAgreement } from "@/lib/studies/timeline-agreement";
import { createUser } from "@/lib/users/service";
import { dropAgreementSums } from "../support/agreement-sums";
import { countedAndVoided, excludeWhileOthersSubmit } from "../support/exclusions";
import { writeItems } from "../support/generic-items";
import { joined } from "../support/participant-http";

// The agreement timeline's kept sums (lib/studies/timeline-agreement.ts) are folded by reads while
// people submit and are excluded, several reads at once. Whatever was folded when, the timeline must
// equal the one worked out from nothing kept (the read then adds every unit itself), whose points
// tests/integration/timeline.test.ts checks against lib/metrics.

const HOUR = 3_600_000;

async function answerAll(code: string, who: string[], seed: number): Promise<void> {
  const random = seededRandom(seed);
  await Promise.all(
    who.map(async (pid) => {
      const p = await joined(code, { PROLIFIC_PID: pid });
      for (;;) {
        const next = await p.next();
        if (next.body.status !== "unit") break;
        const unit = next.body.unit!;
        const answers = Object.fromEntries(unit.checks.map((c) => [c.key, c.options[random() < 0.6 ? 0 : Math.floor(random() * c.options.length)]!.value]));
        const sent = await p.submit(unit.assignmentId, { answers });
        // an excluded participant's submit is refused; everyone else's lands
        if (sent.status !== 201) break;
      }
    }),
  );
}

const families = (study: Study) => designOf(study.design).voteFamilies!(study.config);

/** Reads (and so folds) the timeline again and again until `done` settles, `width` readers at once. */
async function readWhile(study: Study, done: Promise<unknown>, width: number): Promise<number> {
  let settled = false;
  void done.finally(() => (settled = true));
  let reads = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (!settled) {
        await studyTimeline(study, { bucket: "hour" });
        reads++;
      }
    }),
  );
  return reads;
}

/** The timeline from nothing kept: the study's kept rows dropped, read on a client of its own (no fold). */
async function fromNothingKept(study: Study, bucket: "hour" | "day" = "hour"): Promise<Timeline> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await dropAgreementSums(client, study.id);
    const t = await studyTimeline(study, { bucket, client });
    await client.query("ROLLBACK");
    return t;
  } finally {
    client.release();
  }
}

function expectSameAgreement(got: Timeline, want: Timeline): void {
  expect(got.agreement.map((s) => s.check)).toEqual(want.agreement.map((s) => s.check));
  for (const [i, series] of want.agreement.entries()) {
    const mine = got.agreement[i]!.points;
    expect(mine.map((p) => [p.start, p.items])).toEqual(series.points.map((p) => [p.start, p.items]));
    for (const [j, p] of series.points.entries()) {
      for (const figure of ["percentAgreement", "krippendorffAlpha"] as const) {
        if (p[figure] === null) expect(mine[j]![figure]).toBeNull();
        else expect(mine[j]![figure]).toBeCloseTo(p[figure], 12);
      }
    }
  }
}

describe("the agreement timeline's kept sums", () => {
  it("equal the timeline worked out from nothing kept, after reads folded them while people submitted and were excluded", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: writeItems(12), benchmark: "generic", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({
      actor,
      spec: parseSpec({
        dataset: ds.datasetId, design: "validation", name: "folded timeline", unit: "question", n: 4, maxUnitsPerParticipant: 6,
        config: {
          contextChecks: { flags: [{ key: "odd", label: "Odd" }], comment: false },
          answerKey: true,
          labelJudgement: { prompt: "Is it fair?", labels: [{ key: "fair", label: "Fair" }, { key: "unfair", label: "Unfair", rejects: true }, { key: "unclear", label: "Unclear" }] },
        },
      }),
    });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const study = (await readStudy(pool(), { id: created.id }))!;

    // first: half the people, read all along, then their answers moved into the past three days (as
    // if given then: each unit's tally is raised, as any change to its answers raises it)
    const first = answerAll(created.code, Array.from({ length: 5 }, (_, i) => `a${i}`), 7);
    expect(await readWhile(study, first, 3)).toBeGreaterThan(0);
    const random = seededRandom(11);
    const { rows: ids } = await pool().query<{ id: string }>(`SELECT id FROM "Response" WHERE "studyId" = $1 ORDER BY id`, [study.id]);
    for (const { id } of ids) {
      await pool().query(`UPDATE "Response" SET "submittedAt" = now() - $2 * interval '1 millisecond' WHERE id = $1`, [id, Math.floor(random() * 72) * HOUR + 1000]);
    }
    await pool().query(`UPDATE "UnitTally" SET version = version + 1 WHERE "studyId" = $1`, [study.id]);
    // every unit is stale now: this fold finds their answers in one pass over the study's (as past 2,000 units)
    const { rows: tallied } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "UnitTally" WHERE "studyId" = $1`, [study.id]);
    expect(await foldAgreement(study.id, families(study), { many: 0 })).toBe(tallied[0]!.n);
    expect(await foldAgreement(study.id, families(study))).toBe(0);
    expectSameAgreement(await studyTimeline(study, { bucket: "hour" }), await fromNothingKept(study));

    // then: the others now, three reads at a time, while earlier people are excluded (their past
    // answers leave the sums of hours already folded)
    const second = Promise.all([answerAll(created.code, Array.from({ length: 8 }, (_, i) => `b${i}`), 13), excludeWhileOthersSubmit(study.id, 3)]);
    expect(await readWhile(study, second, 3)).toBeGreaterThan(0);
    expect((await countedAndVoided(study.id, "Vote")).voided).toBeGreaterThan(0);

    const kept = await studyTimeline(study, { bucket: "hour" });
    expect(kept.agreement.some((s) => s.points.length > 24)).toBe(true);
    expectSameAgreement(kept, await fromNothingKept(study));
    // the sums were kept (nothing left to fold), and the last point is the agreement table's figure
    expect(await foldAgreement(study.id, families(study))).toBe(0);
    const results = (await studyResults(study)) as ValidationResults;
    for (const row of results.agreement) {
      const last = kept.agreement.find((s) => s.check === row.check)!.points.at(-1)!;
      expect(last.percentAgreement).toBeCloseTo(row.figures.percentAgreement!, 9);
      expect(last.krippendorffAlpha).toBeCloseTo(row.figures.krippendorffAlpha!, 9);
    }
    // a day's points are the hours' sums
    expectSameAgreement(await studyTimeline(study, { bucket: "day" }), await fromNothingKept(study, "day"));

    // a page's read past its limit hands the fold over and reads the rest without agreement; the
    // handed fold, once no other fold holds the study's lock, keeps the same sums
    await dropAgreementSums(pool(), study.id);
    const handed: (() => Promise<void>)[] = [];
    const later = (write: () => Promise<void>) => void handed.push(write);
    const page = await studyTimeline(study, { bucket: "hour", later, nowMax: 0 });
    expect(page).toMatchObject({ agreementPending: true, agreement: [] });
    expect(page.points).toEqual(kept.points);
    expect(handed).toHaveLength(1);
    const cells = async () => (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "AgreementCells" WHERE "studyId" = $1`, [study.id])).rows[0]!.n;
    const other = await pool().connect();
    try {
      await other.query("BEGIN");
      await other.query(`SELECT pg_advisory_xact_lock(hashtextextended('agreement-timeline:' || $1, 0))`, [study.id]);
      await handed[0]!();
      expect(await cells()).toBe(0);
    } finally {
      await other.query("ROLLBACK");
      other.release();
    }
    await handed[0]!();
    const { rows: units } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "UnitTally" WHERE "studyId" = $1`, [study.id]);
    expect(await cells()).toBe(units[0]!.n);
    const next = await studyTimeline(study, { bucket: "hour", later, nowMax: 0 });
    expect(next.agreementPending).toBeUndefined();
    expect(handed).toHaveLength(1);
    expectSameAgreement(next, kept);
    // a keeper that writes at once (a route called outside Next) leaves nothing pending
    await dropAgreementSums(pool(), study.id);
    const atOnce = await studyTimeline(study, { bucket: "hour", later: (write) => write(), nowMax: 0 });
    expect(atOnce.agreementPending).toBeUndefined();
    expectSameAgreement(atOnce, kept);
  });
});
