import { randomUUID } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importDataset } from "@/lib/datasets/import";
import { AppError } from "@/lib/errors";
import { createStudy, parseSpec, updateStudy } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";

// A study names views (the one shown, those side by side, each stage's): they must be the
// dataset's. A ToMATO conversation has one view; a spec naming FANToM's short/full on it was
// accepted, and its second stage showed the same text as "more of the conversation".
const TOMATO = path.resolve(import.meta.dirname, "../fixtures/tomato/valid.json");

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  const err = await run().then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("the views a study names", () => {
  it("must be the dataset's, at creation and when its settings change; each bad one is named", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: TOMATO, benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
    const base = { dataset: ds.datasetId, design: "baseline", name: "views", unit: "question" };

    const staged = await refusal(() => createStudy({ actor, spec: parseSpec({ ...base, stages: [{ view: "short" }, { view: "conversation" }] }) }));
    expect(staged.code).toBe("invalid_input");
    expect(staged.invalidParams).toEqual([{ name: "stages.0.view", reason: 'The dataset has no view "short"; its views: conversation.' }]);
    const shown = await refusal(() => createStudy({ actor, spec: parseSpec({ ...base, view: "full", views: ["conversation", "full"] }) }));
    expect(shown.invalidParams?.map((p) => p.name)).toEqual(["view", "views.1"]);

    const created = await createStudy({ actor, spec: parseSpec({ ...base, view: "conversation" }) });
    const changed = await refusal(() => updateStudy({ actor, studyId: created.id, input: { settings: { view: "nonsense" } } }));
    expect(changed.invalidParams).toEqual([{ name: "view", reason: 'The dataset has no view "nonsense"; its views: conversation.' }]);
  });

  it("an empty study is refused in the terms that emptied it: the filter, or what the design takes", async () => {
    const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
    const actor = { id: owner.id, role: owner.role };
    const ds = await importDataset({ file: TOMATO, benchmark: "tomato", ownerId: owner.id, asNewVersion: true });
    const filtered = await refusal(() => createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "none", filter: { mental_state: ["no such state"] } }) }));
    expect(filtered.invalidParams).toEqual([{ name: "filter", reason: "leaves no question" }]);
    // ToMATO's questions are multiple choice with no model answers: nothing a rating study takes
    const rating = await refusal(() =>
      createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "rating", entryMode: "annotators", name: "ratings", config: { models: ["gpt-4o"] } }) }),
    );
    expect(rating.invalidParams).toEqual([{ name: "design", reason: "leaves no question" }]);
    expect(rating.message).toMatch(/free- or short-text questions with imported model answers/);
  });
});

