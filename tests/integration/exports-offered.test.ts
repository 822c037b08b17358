import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/studies/[id]/export/route";
import { createToken } from "@/lib/auth/tokens/service";
import { can } from "@/lib/auth/permissions";
import { importDataset } from "@/lib/datasets/import";
import { importPredictions } from "@/lib/datasets/predictions";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";
import { enterStudy } from "@/lib/participants/entry";
import { encodeParticipantToken, participantCookieName } from "@/lib/participants/token";
import { decidesUnits } from "@/lib/studies/export";
import { EXPORT_FORMATS, studyExports } from "@/lib/studies/exports/offered";
import { studyResults } from "@/lib/studies/results";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { call } from "../support/bearer";
import { HttpParticipant, joined, type NextBody } from "../support/participant-http";

// What the study page lists is what the export route serves: for a study of each design with a
// few real responses (through the participant API), every listed format answers 200 through the
// real route handler, every other one 404; the validated dataset answers 409 nothing_kept exactly
// when the list says so. The design's declared capabilities are checked against the database too:
// scored exports go with ScoredAnswer rows, decisions with results that decide on units.

const MODEL = "model-a";

function writeItems(): string {
  const lines = [1, 2, 3].map((i) =>
    JSON.stringify({
      id: `item-${i}`,
      title: `Story ${i}`,
      context: { type: "passage", paragraphs: [`Sam puts marble ${i} in the box and leaves; Ana moves it.`] },
      questions: [
        { kind: "single_choice", prompt: `Where will Sam look for marble ${i}?`, options: ["box", "basket"], answer: 0 },
        { kind: "free_text", prompt: `Why does Sam look there (${i})?`, answer: "He did not see it moved." },
      ],
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "exports-offered-")), "items.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

const person = async (role: "researcher" | "annotator") =>
  createUser({ actorId: null, input: { email: `${role}-${randomUUID()}@x.test`, name: role, role, password: "0123456789ab" } });

const owner = await person("researcher");
const actor = { id: owner.id, role: owner.role };
const token = (await createToken({ actor, input: { name: "exports", expiresInDays: null } })).secret;
const { datasetId } = await importDataset({ file: writeItems(), benchmark: "generic", ownerId: owner.id, asNewVersion: true });
{
  const predictions = path.join(mkdtempSync(path.join(os.tmpdir(), "exports-preds-")), "preds.jsonl");
  writeFileSync(predictions, [1, 2, 3].map((i) => JSON.stringify({ sourceId: `item-${i}`, question: 1, model: MODEL, answer: `Because ${i}.` })).join("\n") + "\n");
  expect((await importPredictions({ datasetId, file: predictions })).imported).toBe(3);
}

const SPECS = {
  validation: { unit: "context", config: { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: true }, answerKey: false } },
  baseline: { unit: "question", kinds: ["single_choice"], entryMode: "prolific", bonus: { perValidUnit: 0.25, gold: null } },
  checklist: { unit: "context", entryMode: "annotators", checklists: [{ key: "review", title: "Review", criteria: [{ key: "ok", prompt: "Is it fine?", answer: "yes_no", comment: "none" }] }] },
  rating: { unit: "question", entryMode: "annotators", models: [MODEL], scale: { min: 0, max: 1, step: 0.5 } },
} as const;

async function makeStudy(design: keyof typeof SPECS): Promise<Study> {
  const { id } = await createStudy({ actor, spec: parseSpec({ name: `${design} exports`, dataset: datasetId, design, n: 2, ...SPECS[design] }) });
  await changeStudyState({ actor, studyId: id, to: "open" });
  return (await readStudy(pool(), { id }))!;
}

/** A participant of the study: a Prolific entrant, a link entrant, or an annotator account for expert designs. */
async function participant(study: Study, k: number): Promise<HttpParticipant> {
  if (study.entryMode === "prolific") return joined(study.publicCode, { PROLIFIC_PID: `PID-${k}-${randomUUID().slice(0, 8)}`, STUDY_ID: "S", SESSION_ID: `X${k}` });
  if (study.entryMode !== "annotators") return joined(study.publicCode);
  const account = await person("annotator");
  const { participant } = await enterStudy({ publicCode: study.publicCode, params: {}, cookieParticipantId: null, user: { id: account.id, canAnnotate: can(account, "studies.annotate") } });
  const p = new HttpParticipant(study.publicCode);
  p.cookie = `${participantCookieName(study.publicCode)}=${encodeParticipantToken(participant.id)}`;
  expect((await p.consent()).status).toBe(200);
  return p;
}

/** An answer that keeps the unit: no flag raised, every criterion passed, the gold option, a full score. */
function answerOf(unit: NonNullable<NextBody["unit"]>): unknown {
  if (unit.rating || unit.modelAnswer) return { score: 1 };
  if (unit.checks.length) {
    return { answers: Object.fromEntries(unit.checks.map((c) => [c.key, c.key.startsWith("flag:") ? "no" : c.options.some((o) => o.value === "yes") ? "yes" : c.options[0]!.value])) };
  }
  return { answers: Object.fromEntries(unit.questions.filter((q) => q.answer).map((q) => [q.id, 0])) };
}

/** Two participants each answer every unit they are given (N = 2, so every unit completes). */
async function respond(study: Study): Promise<void> {
  for (let k = 0; k < 2; k++) {
    const p = await participant(study, k);
    for (;;) {
      const next = await p.next();
      expect(next.status, next.text).toBe(200);
      if (next.body.status === "done") break;
      const unit = next.body.unit!;
      const res = await p.submit(unit.assignmentId, answerOf(unit));
      expect(res.status, res.text).toBe(201);
    }
  }
}

async function download(study: Study, format: string) {
  return call(exportRoute, { token, path: `/api/studies/${study.id}/export?format=${format}`, params: { id: study.id } });
}

/** Every format: the listed ones answer as the list says, the others 404. */
async function expectRouteMatchesList(study: Study, answered = true): Promise<string[]> {
  const offered = await studyExports(study);
  for (const format of EXPORT_FORMATS) {
    const listed = offered.find((e) => e.format === format);
    const res = await download(study, format);
    if (!listed) {
      expect(res.status, `${format}: not listed, so not found`).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    } else if (listed.unavailable) {
      expect(res.status, `${format}: listed as refused for now`).toBe(409);
      expect((res.body as { reason?: string }).reason).toBe(listed.unavailable.reason);
    } else {
      expect(res.status, `${format}: listed, so served (${res.text.slice(0, 200)})`).toBe(200);
      expect(res.headers.get("content-disposition"), format).toMatch(/^attachment/);
      // without answers the JSONL of responses is rightly empty
      if (answered) expect(res.text.length, `${format} is not empty`).toBeGreaterThan(0);
    }
  }
  return offered.map((e) => e.format);
}

async function expectCapabilitiesHold(study: Study, formats: string[]) {
  const scored = await db().scoredAnswer.count({ where: { studyId: study.id } });
  expect(formats.includes("scored-csv"), "scored exports go with ScoredAnswer rows").toBe(scored > 0);
  expect(formats.includes("decisions-csv"), "decisions go with results that decide on units").toBe(decidesUnits(await studyResults(study)));
}

describe("the exports a study lists are the ones the export route serves", () => {
  it("validation: validated (kept units), decisions, raw responses, release, manifest; no scored, bonus or rating files", async () => {
    const study = await makeStudy("validation");
    await respond(study);
    const formats = await expectRouteMatchesList(study);
    expect(formats).toEqual(expect.arrayContaining(["validated", "decisions-csv", "decisions-parquet"]));
    expect(formats).not.toContain("scored-csv");
    expect((await studyExports(study)).find((e) => e.format === "validated")?.unavailable).toBeUndefined();
    await expectCapabilitiesHold(study, formats);
  });

  it("validation with nothing kept yet: the validated link says so, and the route answers 409 nothing_kept", async () => {
    const study = await makeStudy("validation");
    const validated = (await studyExports(study)).find((e) => e.format === "validated");
    expect(validated?.unavailable).toMatchObject({ reason: "nothing_kept", text: expect.stringMatching(/Nothing is kept yet/) });
    await expectRouteMatchesList(study, false);
  });

  it("human baseline with a bonus rule: scored answers and the Prolific bonus CSV; no validated or decisions", async () => {
    const study = await makeStudy("baseline");
    await respond(study);
    const formats = await expectRouteMatchesList(study);
    expect(formats).toEqual(expect.arrayContaining(["scored-csv", "scored-parquet", "bonus-csv"]));
    expect(formats).not.toContain("validated");
    const bonus = await download(study, "bonus-csv");
    expect(bonus.text.trim().split("\n")).toHaveLength(2); // two Prolific participants, 3 units × 0.25 each
    expect(bonus.text).toMatch(/,0\.75\n/);
    await expectCapabilitiesHold(study, formats);
  });

  it("checklist review: validated and decisions from the reviews", async () => {
    const study = await makeStudy("checklist");
    await respond(study);
    const formats = await expectRouteMatchesList(study);
    expect(formats).toEqual(expect.arrayContaining(["validated", "decisions-csv"]));
    expect(formats).not.toContain("bonus-csv");
    await expectCapabilitiesHold(study, formats);
  });

  it("response rating: the design's own ratings, correlations and scatter plots", async () => {
    const study = await makeStudy("rating");
    await respond(study);
    const formats = await expectRouteMatchesList(study);
    expect(formats).toEqual(expect.arrayContaining(["ratings-csv", "correlations-csv", "scatter-svg"]));
    expect(formats).not.toContain("validated");
    await expectCapabilitiesHold(study, formats);
  });
});
