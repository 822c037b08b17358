import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import type { ValidationResults } from "@/lib/designs";
import { agreementSummary, encodeRatings, seededRandom } from "@/lib/metrics";
import { excludeByResearcher } from "@/lib/studies/quality";
import { studyResults } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { studyTimeline } from "@/lib/studies/timeline";
import { createUser } from "@/lib/users/service";
import { writeItems } from "../support/generic-items";
import { joined } from "../support/participant-http";

// Progress and agreement over time, read by PostgreSQL in buckets: a validation study with two
// flags, a label judgement and the answer key, answered at random over the participant API, its
// answers then spread over four days (and an hour) by hand. Every bucket is checked against
// counts and lib/metrics figures worked out here from the raw answers up to that bucket's end.

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 2, 27, 21, 0, 0); // spans Europe's switch to summer time (29 March)

interface Answer {
  id: string;
  unitId: string;
  participantId: string;
  answers: Record<string, string>;
  at: number;
}

async function validAnswers(studyId: string): Promise<Answer[]> {
  const { rows } = await pool().query<{ id: string; unitId: string; participantId: string; payload: { answers: Record<string, string> }; at: Date }>(
    `SELECT r.id, r."unitId", r."participantId", r.payload, r."submittedAt" AS at FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId"
     WHERE r."studyId" = $1 AND a.status = 'submitted'`,
    [studyId],
  );
  return rows.map((r) => ({ id: r.id, unitId: r.unitId, participantId: r.participantId, answers: r.payload.answers, at: r.at.getTime() }));
}

const familyOf = (key: string) => (key.startsWith("flag:") || key === "label" ? key : "answer_key");

/** lib/metrics on the answers given before `end`, per family, as the agreement table computes them. */
function figuresBefore(answers: Answer[], end: number) {
  const families = new Map<string, { unit: string; rater: string; label: string }[]>();
  for (const a of answers) {
    if (a.at >= end) continue;
    for (const [key, label] of Object.entries(a.answers)) {
      const f = familyOf(key);
      families.set(f, [...(families.get(f) ?? []), { unit: `${a.unitId}|${key}`, rater: a.participantId, label }]);
    }
  }
  return new Map([...families].map(([f, ratings]) => [f, agreementSummary(encodeRatings(ratings))]));
}

describe("a study's timeline", () => {
  it("buckets valid answers by UTC hour and day, completes units at their N-th answer, and draws agreement as lib/metrics computes it up to each bucket", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: writeItems(10), benchmark: "generic", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({
      actor,
      spec: parseSpec({
        dataset: ds.datasetId, design: "validation", name: "timeline", unit: "question", n: 3, maxUnitsPerParticipant: 5,
        config: {
          contextChecks: { flags: [{ key: "odd", label: "Odd" }, { key: "unsafe", label: "Unsafe" }], comment: false },
          answerKey: true,
          labelJudgement: { prompt: "Is it fair?", labels: [{ key: "fair", label: "Fair" }, { key: "unfair", label: "Unfair", rejects: true }, { key: "unclear", label: "Unclear" }] },
        },
      }),
    });
    await changeStudyState({ actor, studyId: created.id, to: "open" });

    // random answers, a little biased to the first option so agreement is neither 0 nor 1
    const random = seededRandom(5);
    for (let i = 0; i < 7; i++) {
      const p = await joined(created.code, { PROLIFIC_PID: `p${i}` });
      for (;;) {
        const next = await p.next();
        if (next.body.status !== "unit") break;
        const unit = next.body.unit!;
        const answers = Object.fromEntries(unit.checks.map((c) => [c.key, c.options[random() < 0.6 ? 0 : Math.floor(random() * c.options.length)]!.value]));
        expect((await p.submit(unit.assignmentId, { answers })).status).toBe(201);
      }
    }
    // spread the answers over four days, a few per hour
    const { rows: ids } = await pool().query<{ id: string }>(`SELECT id FROM "Response" WHERE "studyId" = $1 ORDER BY "submittedAt", id`, [created.id]);
    for (const [i, { id }] of ids.entries()) {
      const at = BASE + Math.floor(random() * 4 * 24) * HOUR + Math.floor(random() * 59) * 60_000;
      await pool().query(`UPDATE "Response" SET "submittedAt" = $2 WHERE id = $1`, [id, new Date(at + i)]);
    }

    const study = (await readStudy(pool(), { id: created.id }))!;
    const answers = await validAnswers(study.id);
    expect(answers.length).toBe(30);
    const results = (await studyResults(study)) as ValidationResults;

    for (const bucket of ["hour", "day"] as const) {
      const size = bucket === "hour" ? HOUR : 24 * HOUR;
      const t = await studyTimeline(study, { bucket });
      expect(t).toMatchObject({ bucket, stage: 1, n: 3, units: 10 });
      // every bucket from the first answer's to the last's, evenly spaced, UTC
      const first = Math.floor(Math.min(...answers.map((a) => a.at)) / size) * size;
      const last = Math.floor(Math.max(...answers.map((a) => a.at)) / size) * size;
      expect(t.points.map((p) => p.start)).toEqual(Array.from({ length: (last - first) / size + 1 }, (_, i) => new Date(first + i * size).toISOString()));

      // the N-th answer of each unit completes it
      const completedAt = new Map<string, number>();
      const byUnit = new Map<string, number[]>();
      for (const a of answers) byUnit.set(a.unitId, [...(byUnit.get(a.unitId) ?? []), a.at]);
      for (const [unit, times] of byUnit) if (times.length >= 3) completedAt.set(unit, times.sort((x, y) => x - y)[2]!);
      for (const p of t.points) {
        const start = Date.parse(p.start);
        const inBucket = answers.filter((a) => a.at >= start && a.at < start + size);
        expect(p.answers).toBe(inBucket.length);
        expect(p.participants).toBe(new Set(inBucket.map((a) => a.participantId)).size);
        expect(p.unitsCompleted).toBe([...completedAt.values()].filter((at) => at >= start && at < start + size).length);
        expect(p.complete).toBe([...completedAt.values()].filter((at) => at < start + size).length);
      }
      expect(t.points.at(-1)!.complete).toBe(results.progress.complete);
      expect(t.points.reduce((s, p) => s + p.answers, 0)).toBe(results.progress.responses);

      // agreement per family, cumulative: lib/metrics on the answers up to each bucket's end
      expect(t.agreement.map((s) => s.check).sort()).toEqual(["answer_key", "flag:odd", "flag:unsafe", "label"]);
      expect(t.agreement.find((s) => s.check === "flag:odd")!.label).toBe("Odd");
      for (const [i, p] of t.points.entries()) {
        const expected = figuresBefore(answers, Date.parse(p.start) + size);
        for (const series of t.agreement) {
          const point = series.points[i]!;
          expect(point.start).toBe(p.start);
          const want = expected.get(series.check);
          const close = (got: number | null, value: number | null | undefined) => (value === null || value === undefined ? expect(got).toBeNull() : expect(got).toBeCloseTo(value, 9));
          close(point.percentAgreement, want?.percentAgreement.value);
          close(point.krippendorffAlpha, want?.krippendorffAlpha.value);
        }
      }
      // the last point is the agreement table's figure
      for (const row of results.agreement) {
        const last = t.agreement.find((s) => s.check === row.check)!.points.at(-1)!;
        expect(last.percentAgreement).toBeCloseTo(row.figures.percentAgreement!, 9);
        expect(last.krippendorffAlpha).toBeCloseTo(row.figures.krippendorffAlpha!, 9);
      }
    }

    // a unit with more valid answers than N (which exact-N assignment never gives; here N is read as
    // 2 for units that have 3) is complete at its N-th answer, not its last
    const fewer = await studyTimeline({ ...study, n: 2 }, { bucket: "hour" });
    const secondAt = [...new Map(answers.map((a) => [a.unitId, answers.filter((x) => x.unitId === a.unitId).map((x) => x.at).sort((x, y) => x - y)])).values()]
      .filter((times) => times.length >= 2)
      .map((times) => times[1]!);
    expect(secondAt.length).toBeGreaterThan(0);
    for (const p of fewer.points) {
      const start = Date.parse(p.start);
      expect(p.unitsCompleted).toBe(secondAt.filter((at) => at >= start && at < start + HOUR).length);
    }

    // UTC buckets whatever the session's time zone (across a DST change)
    const client = await pool().connect();
    try {
      await client.query(`SET TIME ZONE 'Europe/Berlin'`);
      expect(await studyTimeline(study, { bucket: "day", client })).toEqual(await studyTimeline(study, { bucket: "day" }));
    } finally {
      await client.query("RESET TIME ZONE");
      client.release();
    }
    // four days of answers: hours are fine automatically; a 2000-bucket limit refuses nothing here
    expect((await studyTimeline(study)).bucket).toBe("hour");

    // an excluded participant's answers leave the timeline, as they leave every figure
    const victim = answers[0]!.participantId;
    await excludeByResearcher({ study, participantId: victim, reason: "Timeline test exclusion.", actorId: owner.id });
    const after = await studyTimeline(study, { bucket: "day" });
    const kept = answers.filter((a) => a.participantId !== victim);
    expect(after.points.reduce((s, p) => s + p.answers, 0)).toBe(kept.length);
    const finalFigures = figuresBefore(kept, Number.MAX_SAFE_INTEGER);
    for (const series of after.agreement) expect(series.points.at(-1)!.percentAgreement).toBeCloseTo(finalFigures.get(series.check)!.percentAgreement.value!, 9);
  });

  it("has no points before the first answer, and refuses buckets too fine for the span", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: writeItems(2), benchmark: "generic", ownerId: owner.id, asNewVersion: true });
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "validation", name: "empty", unit: "question", n: 1, config: { contextChecks: { flags: [{ key: "odd", label: "Odd" }], comment: false } } }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const study = (await readStudy(pool(), { id: created.id }))!;
    expect(await studyTimeline(study)).toMatchObject({ bucket: "hour", units: 2, points: [], agreement: [] });

    const p = await joined(created.code, { PROLIFIC_PID: "solo" });
    for (let i = 0; i < 2; i++) {
      const unit = (await p.next()).body.unit!;
      expect((await p.submit(unit.assignmentId, { answers: { "flag:odd": "no" } })).status).toBe(201);
    }
    // one answer now, one 200 days ago: days, not hours; hours would be 4,800 buckets
    await pool().query(`UPDATE "Response" SET "submittedAt" = now() - interval '200 days' WHERE id = (SELECT id FROM "Response" WHERE "studyId" = $1 LIMIT 1)`, [study.id]);
    const t = await studyTimeline(study);
    expect(t.bucket).toBe("day");
    expect(t.points.length).toBeGreaterThanOrEqual(200);
    expect(t.points.reduce((s, x) => s + x.answers, 0)).toBe(2);
    // a single answer per item: no pairs, so no agreement figure yet
    expect(t.agreement[0]!.points.every((x) => x.percentAgreement === null && x.items === 0)).toBe(true);
    await expect(studyTimeline(study, { bucket: "hour" })).rejects.toMatchObject({ code: "invalid_input" });
  });
});
