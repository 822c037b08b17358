import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { resultsSummary, studyResults, studySummary } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { backfillOf, rolledBack } from "@/tests/support/backfill";
import { countedAndVoided, exclude, excludeWhileOthersSubmit } from "@/tests/support/exclusions";
import { writeChartom } from "@/tests/support/chartom";
import { joined, type HttpParticipant } from "@/tests/support/participant-http";
import { researcher, rng } from "@/tests/support/random-study";

// The answer tallies the baseline pages read (AnswerTally, kept by the triggers of the migration
// 20261128150000_answer_tallies) must always equal what is counted from scratch: the scored answers
// whose assignment is submitted, per unit, question and stage. Checked through the participant API
// under concurrent submits and exclusions (units of three questions), for a staged study whose first
// answers count only once the last stage is in, for answers written straight into the tables a
// stage at a time, and for the migration's backfill.

const lines = (rows: Record<string, unknown>[]) => rows.map((r) => Object.values(r).join(" ")).sort();

async function tallies(client: Queryable, studyId: string) {
  const { rows } = await client.query(
    `SELECT "unitId"::text, "questionId"::text, stage, answers, scored, correct FROM "AnswerTally" WHERE "studyId" = $1 AND answers <> 0`,
    [studyId],
  );
  return lines(rows);
}

async function recounted(client: Queryable, studyId: string) {
  const { rows } = await client.query(
    `SELECT a."unitId"::text, s."questionId"::text, s.stage, count(*)::int AS answers, count(s.correct)::int AS scored, (count(*) FILTER (WHERE s.correct))::int AS correct
     FROM "ScoredAnswer" s JOIN "Assignment" a ON a.id = s."assignmentId" AND a.status = 'submitted'
     WHERE s."studyId" = $1 GROUP BY 1, 2, 3`,
    [studyId],
  );
  return lines(rows);
}

async function expectExact(studyId: string, client: Queryable = pool()) {
  const kept = await tallies(client, studyId);
  expect(kept).toEqual(await recounted(client, studyId));
  return kept;
}

/** A generic dataset of `records` passages with three single-choice questions each. */
async function threeQuestionDataset(ownerId: string, records: number): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "sally-tally-")), "three.jsonl");
  const lines = Array.from({ length: records }, (_, i) =>
    JSON.stringify({
      id: `t-${i}`,
      context: { type: "passage", paragraphs: [`Passage ${i}: Ana moves the marble, then the ball, then the key.`] },
      questions: ["marble", "ball", "key"].map((thing, j) => ({ kind: "single_choice", prompt: `Where is the ${thing} ${i}?`, options: ["box", "basket", "bag"], answer: (i + j) % 3 })),
    }),
  );
  await writeFile(file, `${lines.join("\n")}\n`);
  return (await importDataset({ file, benchmark: "generic", ownerId, asNewVersion: true })).datasetId;
}

/** One participant answers at random whatever comes, every stage, until done or refused (excluded). */
async function work(p: HttpParticipant, seed: number): Promise<void> {
  const r = rng(seed);
  for (let step = 0; step < 100; step++) {
    const next = await p.next();
    if (next.status !== 200 || next.body.status !== "unit") return;
    const unit = next.body.unit!;
    const answers = Object.fromEntries(unit.questions.map((q) => [q.id, Math.floor(r() * 3)]));
    const res = await p.submit(unit.assignmentId, { answers }, { stage: unit.stage });
    // excluded while answering: the participant path refuses (409); anything else is a failure
    if (res.status === 409) return;
    expect(res.status, res.text).toBe(201);
  }
  throw new Error("too many steps");
}

describe("baseline answer tallies (AnswerTally)", () => {
  it("equal the counted answers after concurrent submits and exclusions through the participant API, units of three questions", async () => {
    const { actor, ownerId } = await researcher();
    const dataset = await threeQuestionDataset(ownerId, 8);
    const created = await createStudy({ actor, spec: parseSpec({ dataset, design: "baseline", name: "tallies", unit: "context", n: 4 }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => joined(created.code, { PROLIFIC_PID: `tally-${i}` })));
    const excluding = excludeWhileOthersSubmit(created.id);
    await Promise.all([...people.map((p, i) => work(p, 200 + i)), excluding]);
    const kept = await expectExact(created.id);
    expect(kept.length).toBeGreaterThan(0);
    // the run did what it is meant to test: answers that count and answers voided while others submitted
    const { counted, voided } = await countedAndVoided(created.id, "ScoredAnswer");
    expect(counted).toBeGreaterThan(0);
    expect(voided).toBeGreaterThan(0);
    // the progress read from the tallies (a unit's answers: any one of its questions') is the one
    // counted from the answers themselves
    const study = (await readStudy(pool(), { id: created.id }))!;
    expect((await studySummary(study)).progress).toEqual(resultsSummary(await studyResults(study)).progress);
  });

  it("count a staged study's first answers only once the last stage is in, and take both off at an exclusion", async () => {
    const { actor, ownerId } = await researcher();
    const ds = await importDataset({ file: writeChartom().file, benchmark: "chartom", ownerId, asNewVersion: true });
    const created = await createStudy({
      actor,
      spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "staged tallies", unit: "question", kinds: ["single_choice"], n: 2, stages: [{ view: "c0" }, { view: "c2000" }] }),
    });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    const p = await joined(created.code, { PROLIFIC_PID: "staged" });
    const first = (await p.next()).body.unit!;
    const answers = Object.fromEntries(first.questions.map((q) => [q.id, 0]));
    expect((await p.submit(first.assignmentId, { answers }, { stage: 1 })).status).toBe(201);
    // the first stage is in, the assignment still live: nothing counts yet
    expect(await expectExact(created.id)).toEqual([]);
    const second = (await p.next()).body.unit!;
    expect(second).toMatchObject({ assignmentId: first.assignmentId, stage: 2 });
    expect((await p.submit(second.assignmentId, { answers: Object.fromEntries(second.questions.map((q) => [q.id, 1])) }, { stage: 2 })).status).toBe(201);
    const kept = await expectExact(created.id);
    expect(kept.map((l) => l.split(" ")[2])).toEqual(["1", "2"]);
    const { rows } = await pool().query<{ participantId: string }>(`SELECT "participantId" FROM "Assignment" WHERE id = $1`, [first.assignmentId]);
    await exclude(created.id, rows[0]!.participantId);
    expect(await expectExact(created.id)).toEqual([]);
  });

  it("equal the counted answers of answers written straight into the tables a stage at a time, and follow an exclusion", async () => {
    const { actor, ownerId } = await researcher();
    const dataset = await threeQuestionDataset(ownerId, 3);
    const created = await createStudy({ actor, spec: parseSpec({ dataset, design: "baseline", name: "straight", unit: "context", n: 3 }) });
    const { rows: units } = await pool().query<{ id: string; questionIds: string[] }>(`SELECT id, "questionIds" FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY ordinal`, [created.id]);
    const people: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { rows } = await pool().query<{ id: string }>(
        `INSERT INTO "Participant" (id, "studyId", pseudonym, "externalSource", "externalId", "externalMeta") VALUES (gen_random_uuid(), $1, $2, 'prolific', $2, '{}') RETURNING id`,
        [created.id, `S${i}`],
      );
      people.push(rows[0]!.id);
    }
    const r = rng(5);
    for (const [u, unit] of units.entries()) {
      for (const [i, participantId] of people.entries()) {
        const status = (u + i) % 4 === 3 ? "expired" : "submitted";
        const assignmentId = randomUUID();
        await pool().query(
          `INSERT INTO "Assignment" (id, "studyId", "unitId", "participantId", status, stage, "servedStage", "leasedAt", "expiresAt", "submittedAt")
           VALUES ($1, $2, $3, $4, $5, 2, 2, now(), now() + interval '1 hour', now())`,
          [assignmentId, created.id, unit.id, participantId, status],
        );
        // each stage's response, then its scored answers, each in a statement of its own
        for (const stage of [1, 2]) {
          const responseId = randomUUID();
          await pool().query(
            `INSERT INTO "Response" (id, "studyId", "unitId", "assignmentId", "participantId", stage, payload, "idempotencyKey") VALUES ($1, $2, $3, $4, $5, $6, '{}', $7)`,
            [responseId, created.id, unit.id, assignmentId, participantId, stage, `k-${responseId}`],
          );
          for (const questionId of unit.questionIds) {
            const correct = r() < 0.1 ? null : r() < 0.5;
            await pool().query(
              `INSERT INTO "ScoredAnswer" ("responseId", "questionId", "studyId", "assignmentId", "participantId", stage, correct, normalized) VALUES ($1, $2, $3, $4, $5, $6, $7, '')`,
              [responseId, questionId, created.id, assignmentId, participantId, stage, correct],
            );
          }
        }
      }
    }
    const before = await expectExact(created.id);
    expect(before.length).toBe(units.length * 3 * 2);
    await pool().query(`UPDATE "Assignment" SET status = 'excluded' WHERE "participantId" = $1 AND status = 'submitted'`, [people[0]]);
    expect(await expectExact(created.id)).not.toEqual(before);
  });

  it("are the same when the migration fills them in for answers stored before it", async () => {
    const { actor, ownerId } = await researcher();
    const dataset = await threeQuestionDataset(ownerId, 4);
    const created = await createStudy({ actor, spec: parseSpec({ dataset, design: "baseline", name: "backfill", unit: "context", n: 2 }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    await Promise.all(Array.from({ length: 4 }, async (_, i) => work(await joined(created.code, { PROLIFIC_PID: `backfill-${i}` }), 300 + i)));
    const backfill = backfillOf("20261128150000_answer_tallies", "-- the baseline answers stored before");
    expect(backfill).toContain(`INSERT INTO "TalliedAssignment"`);
    await rolledBack(async (client) => {
      const kept = await expectExact(created.id, client);
      expect(kept.length).toBeGreaterThan(0);
      await client.query(`DELETE FROM "AnswerTally"`);
      await client.query(`DELETE FROM "TalliedAssignment"`);
      expect(await tallies(client, created.id)).toEqual([]);
      await client.query(backfill);
      expect(await expectExact(created.id, client)).toEqual(kept);
      // each assignment is marked as tallied too: voiding answers afterwards takes off exactly theirs
      const { rows } = await client.query<{ participantId: string }>(`SELECT "participantId" FROM "Assignment" WHERE "studyId" = $1 AND status = 'submitted' LIMIT 1`, [created.id]);
      await client.query(`UPDATE "Assignment" SET status = 'excluded' WHERE "studyId" = $1 AND "participantId" = $2 AND status = 'submitted'`, [created.id, rows[0]!.participantId]);
      expect(await expectExact(created.id, client)).not.toEqual(kept);
    });
  });
});
