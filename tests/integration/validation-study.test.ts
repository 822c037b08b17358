import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { exportDataset } from "@/lib/datasets/export";
import { importDataset } from "@/lib/datasets/import";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { Study, ValidationResults } from "@/lib/designs";
import { DEFAULT_FLAGS } from "@/lib/designs/client";
import { enterStudy, recordConsent } from "@/lib/participants/entry";
import { nextForParticipant as next, submitForParticipant } from "@/lib/participants/task";
import { adjudicate } from "@/lib/studies/adjudicate";
import { studyManifest, validatedSelection } from "@/lib/studies/manifest";
import { validatedExport } from "@/lib/studies/validated-export";
import { studyResults as results } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec, updateStudy } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { HAS_SHARED, sample } from "../support/paths";

const LABELS = [
  { key: "accurate", label: "Accurate" },
  { key: "subjective", label: "Subjective but consistent" },
  { key: "inappropriate", label: "Inappropriate" },
];

async function setUp() {
  const researcher = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  const actor = { id: researcher.id, role: researcher.role };
  const ds = await importDataset({ file: sample("fantom/fantom_v1.json.sample"), benchmark: "fantom", ownerId: researcher.id, asNewVersion: true });
  const config = {
    contextChecks: { flags: DEFAULT_FLAGS, comment: true },
    labelJudgement: { prompt: "Is the missed information clear?", labels: LABELS },
  };
  const { id } = await createStudy({
    actor,
    spec: parseSpec({
      name: "FANToM validation",
      datasetId: ds.datasetId,
      design: "validation",
      unitType: "context",
      filter: {},
      n: 3,
      maxUnitsPerParticipant: null,
      leaseMinutes: 30,
      instructions: "Read each conversation.",
      entryMode: "prolific",
      completionUrl: "https://app.prolific.com/submissions/complete?cc=CODE",
      config,
    }),
  });
  await changeStudyState({ actor, studyId: id, to: "open" });
  const study = (await readStudy(pool(), { id }))!;
  return { actor, ds, study };
}

async function participant(publicCode: string, pid: string) {
  const { study, participant } = await enterStudy({ publicCode, params: { PROLIFIC_PID: pid, STUDY_ID: "s1", SESSION_ID: `sess-${pid}` }, cookieParticipantId: null, user: null });
  await recordConsent(study, participant.id);
  return { study, participant: await db().participant.findUniqueOrThrow({ where: { id: participant.id } }) };
}

// the participant API's calls, as the routes make them
const nextForParticipant = (study: Study, p: { id: string }) => next(study, 2, p);
const studyResults = async (study: Study) => (await results(study)) as ValidationResults;
const selectValidatedRecords = async (study: Study, _results: unknown) => (await validatedSelection(study))!;

describe.skipIf(!HAS_SHARED)("a validation study end to end (FANToM sample, unit = conversation, N = 3)", () => {
  it("votes, majority, κ, adjudication and the validated export agree", async () => {
    const { actor, ds, study } = await setUp();
    const units = await db().studyUnit.findMany({ where: { studyId: study.id }, include: { context: true }, orderBy: { ordinal: "asc" } });
    expect(units).toHaveLength(2); // two conversations (conv 0 part 0, conv 1 part 0)
    const [conv0, conv1] = units;
    // before any unit is kept the validated export refuses to be an empty file, and says why
    await expect(validatedExport(study)).rejects.toMatchObject({ code: "conflict", extra: { reason: "nothing_kept" } });

    // answers arranged: conv 0 flagged incoherent by 2 of 3; conv 1's label gets three different labels
    const plan: Record<string, (i: number) => Record<string, string>> = {
      [conv0!.id]: (i) => ({ "flag:incoherent": i < 2 ? "yes" : "no", "flag:unsafe": "no", label: "accurate" }),
      [conv1!.id]: (i) => ({ "flag:incoherent": "no", "flag:unsafe": "no", label: LABELS[i]!.key }),
    };
    for (let i = 0; i < 3; i++) {
      const { study: s, participant: p } = await participant(study.publicCode, `PID${i}`);
      for (;;) {
        const next = await nextForParticipant(s, p);
        if (next.status !== "unit") break;
        const json = JSON.stringify(next.unit);
        expect(json).not.toMatch(/"gold"|correct_answer|wrong_answer/);
        expect(json).not.toContain("SECRET-COMMENT"); // others' answers never reach a participant
        const unitId = (await db().assignment.findUniqueOrThrow({ where: { id: next.unit.assignmentId } })).unitId;
        await submitForParticipant({
          study: s,
          participant: p,
          assignmentId: next.unit.assignmentId,
          idempotencyKey: randomUUID(),
          payload: { answers: plan[unitId]!(i), comment: `SECRET-COMMENT-${i}` },
          startedAt: null,
          durationMs: 1000 * (i + 1),
        });
      }
    }

    // an entrant with the same PROLIFIC_PID resumes the same participant
    const again = await participant(study.publicCode, "PID0");
    expect(await db().participant.count({ where: { studyId: study.id } })).toBe(3);
    expect((await nextForParticipant(again.study, again.participant)).status).toBe("done");

    const results = await studyResults(study);
    expect(results.progress).toMatchObject({ units: 2, complete: 2, remaining: 0, participants: 3, responses: 6 });
    const r0 = results.units.find((u) => u.unitId === conv0!.id)!;
    const r1 = results.units.find((u) => u.unitId === conv1!.id)!;
    expect(r0.decision).toMatchObject({ status: "reject", reasons: ["flag:incoherent"] });
    expect(r0.decision.checks["flag:incoherent"]).toMatchObject({ counts: { yes: 2, no: 1 }, majority: "yes", tie: false });
    expect(r1.decision.status).toBe("needs_review");
    expect(r1.decision.checks.label).toMatchObject({ majority: null, tie: true, counts: { accurate: 1, subjective: 1, inappropriate: 1 } });
    const incoherent = results.agreement.find((a) => a.check === "flag:incoherent")!;
    // two items, three raters: (1/3 + 1) / 2 observed agreement
    expect(incoherent.figures.percentAgreement).toBeCloseTo(2 / 3, 6);
    expect(incoherent.figures.fleissKappa).not.toBeNull();
    expect(results.queue.some((q) => q.unitId === conv1!.id && q.check === "label" && q.reason === "tie")).toBe(true);

    // locked once responses exist
    await expect(updateStudy({ actor, studyId: study.id, input: { n: 5 } })).rejects.toMatchObject({ code: "conflict" });

    await adjudicate({ actor, studyId: study.id, input: { unitId: conv1!.id, check: "label", decision: "subjective", reason: "Two of three readings hold." } });
    const after = await studyResults(study);
    expect(after.units.find((u) => u.unitId === conv1!.id)!.decision.status).toBe("keep");
    expect(after.queue.some((q) => q.unitId === conv1!.id && q.check === "label")).toBe(false);
    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "study.adjudicate", targetId: conv1!.id } });
    expect(audit).toMatchObject({ actorId: actor.id, reason: "Two of three readings hold." });
    expect(audit.before).toMatchObject({ check: "label", votes: { accurate: 1, subjective: 1, inappropriate: 1 }, adjudicated: null });
    expect(audit.after).toEqual({ check: "label", decision: "subjective" });

    // the validated export omits the rejected conversation's sets
    const selection = await selectValidatedRecords(study, after);
    const file = await exportDataset({ datasetId: ds.datasetId, format: "source", recordIndexes: selection.kept });
    let text = "";
    for await (const c of file.chunks) text += c;
    const kept = (JSON.parse(text) as { set_id: string; conv_id: number }[]).map((r) => r.set_id);
    const all = JSON.parse(await readFile(sample("fantom/fantom_v1.json.sample"), "utf8")) as { set_id: string; conv_id: number }[];
    const conv0Number = Number(/Conversation (\d+)/.exec(conv0!.context.title!)![1]);
    expect(kept).toEqual(all.filter((r) => r.conv_id !== conv0Number).map((r) => r.set_id));

    const manifest = await studyManifest(study);
    expect(manifest.counts).toMatchObject({ sourceRecordsInScope: 4, sourceRecordsKept: 2, sourceRecordsDroppedByReason: { rejected: 2 } });
    expect(manifest.dataset.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
