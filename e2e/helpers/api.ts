import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { apiSignIn, E2E } from "../support";

// Arranging test data through the API, as a signed-in user.

export interface ImportSummary {
  datasetId: string;
  name: string;
  benchmark: string;
  sourceRecords: number;
  contexts: number;
  questions: number;
}

/** A request context signed in as this user; it sends our Origin, as a browser on the app would. */
export async function signedInRequest(email: string, password: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { origin: E2E.baseURL } });
  await apiSignIn(ctx, email, password);
  return ctx;
}

/**
 * Uploads a benchmark file to the import route as a new version and returns the "done" summary.
 * The bytes get a unique run of trailing JSON whitespace: the records are the sample's, but the
 * content hash is this import's own. Two imports of identical bytes at the same moment race for
 * the same version number and the loser is refused with 409 even as a new version (see
 * lib/datasets/import.ts), which would make parallel tests depend on each other's timing.
 */
export async function importFile(request: APIRequestContext, file: string, name: string): Promise<ImportSummary> {
  const q = new URLSearchParams({ benchmark: "auto", fileName: path.basename(file).replace(/\.sample$/, ""), asNewVersion: "1", name });
  const padding = Array.from(randomBytes(16), (b) => b.toString(2).padStart(8, "0")).join("").replace(/0/g, " ").replace(/1/g, "\t");
  const res = await request.post(`/api/datasets/import?${q}`, {
    headers: { "content-type": "application/octet-stream" },
    data: Buffer.concat([readFileSync(file), Buffer.from(`\n${padding}\n`)]),
    timeout: 120_000,
  });
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  const lines = text.trim().split("\n");
  const last = JSON.parse(lines[lines.length - 1]!) as { type: string; summary?: ImportSummary };
  expect(last.type, text.slice(-2000)).toBe("done");
  return last.summary!;
}

export type StudyInput = Record<string, unknown> & { name: string; datasetId: string; unitType: "context" | "question"; config: Record<string, unknown> };

/** Creates a study, opens it, and returns its id and participant link path. */
export async function createOpenStudy(request: APIRequestContext, input: StudyInput): Promise<{ id: string; code: string; units: number }> {
  const created = await request.post("/api/studies", { data: input });
  expect(created.status(), await created.text()).toBe(201);
  const { study } = (await created.json()) as { study: { id: string; units: number } };
  await setStudyState(request, study.id, "open");
  const got = await request.get(`/api/studies/${study.id}`);
  expect(got.status()).toBe(200);
  const { study: full } = (await got.json()) as { study: { publicCode: string } };
  return { id: study.id, code: full.publicCode, units: study.units };
}

export async function setStudyState(request: APIRequestContext, id: string, state: "open" | "paused" | "closed"): Promise<void> {
  const res = await request.post(`/api/studies/${id}/state`, { data: { state } });
  expect(res.status(), await res.text()).toBe(200);
}

export const DEFAULT_FLAGS = [
  { key: "incoherent", label: "Incoherent", description: "The conversation does not make sense or contradicts itself." },
  { key: "unsafe", label: "Unsafe (unethical, biased, harmful, dangerous or offensive)" },
];

export const THREE_LABELS = {
  prompt: "Is this question a fair test of the speaker's mental state?",
  labels: [
    { key: "fair", label: "Fair", rejects: false },
    { key: "unclear", label: "Unclear", rejects: false },
    { key: "unfair", label: "Unfair", rejects: true },
  ],
};
