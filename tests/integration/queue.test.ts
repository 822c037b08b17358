import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { enterStudy, recordConsent } from "@/lib/participants/entry";
import { nextForParticipant, submitForParticipant } from "@/lib/participants/task";
import { queueFor } from "@/lib/studies/queue";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { fixture } from "../support/paths";

// An annotator's queue lists the open studies that still have work for them, and only counts
// the others: one they finished, one whose every unit was taken by others.

const person = (role: "researcher" | "annotator") =>
  createUser({ actorId: null, input: { email: `${role}-${randomUUID()}@x.test`, name: role, role, password: "0123456789ab" } });

describe("the annotator's queue", () => {
  it("hides the studies with no work left for that person", async () => {
    const owner = await person("researcher");
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
    const study = async (name: string, n: number) => {
      const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "validation", name, unit: "context", n, entryMode: "annotators", config: { answerKey: true } }) });
      await changeStudyState({ actor, studyId: created.id, to: "open" });
      return created;
    };
    const [finished, fresh, takenByOthers] = [await study(`finished-${randomUUID()}`, 2), await study(`fresh-${randomUUID()}`, 1), await study(`taken-${randomUUID()}`, 1)];
    const [me, other] = [await person("annotator"), await person("annotator")];

    const workThrough = async (code: string, userId: string) => {
      const { study: s, participant } = await enterStudy({ publicCode: code, params: {}, cookieParticipantId: null, user: { id: userId, canAnnotate: true } });
      await recordConsent(s, participant.id);
      for (;;) {
        const next = await nextForParticipant(s, finished.units, participant);
        if (next.status !== "unit") return;
        const answers = Object.fromEntries(next.unit.checks.map((c) => [c.key, c.options[0]!.value]));
        await submitForParticipant({ study: s, participant, assignmentId: next.unit.assignmentId, idempotencyKey: randomUUID(), payload: { answers }, startedAt: null, durationMs: 1000 });
      }
    };
    await workThrough(finished.code, me.id);
    await workThrough(takenByOthers.code, other.id);

    const mine = await queueFor(me.id);
    const names = mine.entries.map((e) => e.publicCode);
    expect(names).toContain(fresh.code);
    expect(names).not.toContain(finished.code);
    expect(names).not.toContain(takenByOthers.code);
    expect(mine.hidden).toBeGreaterThanOrEqual(2);
    // N=2: the study I finished still has a place on every unit for the other annotator
    expect((await queueFor(other.id)).entries.map((e) => e.publicCode)).toEqual(expect.arrayContaining([fresh.code, finished.code]));
  });
});
