import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { E2E } from "../support";

// Small hand-written generic items for specs that need a dataset of their own, and participants
// driven through the participant API (no browser), for specs about the console.

/** A generic JSONL file of `count` stories, each with one two-option question (gold: the first). */
export function writeGenericItems(count: number, prefix = "item"): string {
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      id: `${prefix}-${i + 1}`,
      title: `Story ${i + 1}`,
      context: { type: "passage", paragraphs: [`Sam puts marble ${i + 1} in the box and leaves; Ana moves it to the basket.`] },
      questions: [{ kind: "single_choice", prompt: `Where will Sam look for marble ${i + 1}?`, options: ["box", "basket"], answer: 0, tags: { question_type: "fb" } }],
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "e2e-generic-")), `${prefix}.jsonl`);
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

interface NextUnit {
  status: string;
  unit?: { assignmentId: string; questions: { id: string; answer: boolean }[]; checks: { key: string; options: { value: string }[] }[] };
}

export interface ApiParticipant {
  ctx: APIRequestContext;
  next(): Promise<NextUnit>;
  screener(answer: unknown): Promise<number>;
  /** answers every unit it is given (flags "no", checks "yes", the first option) until there is none */
  answerAll(): Promise<number>;
}

/** Enters the study link with these parameters (the cookie jar keeps the participant) and consents. */
export async function apiParticipant(code: string, params: Record<string, string> = {}): Promise<ApiParticipant> {
  const ctx = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { origin: E2E.baseURL } });
  const entered = await ctx.get(`/s/${code}?${new URLSearchParams(params)}`, { maxRedirects: 0 });
  expect(entered.status()).toBe(303);
  expect((await ctx.post(`/api/s/${code}/consent`, { data: { consent: true } })).status()).toBe(200);
  const next = async () => {
    const res = await ctx.get(`/api/s/${code}/next`);
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as NextUnit;
  };
  return {
    ctx,
    next,
    async screener(answer) {
      return (await ctx.post(`/api/s/${code}/screener`, { data: answer })).status();
    },
    async answerAll() {
      let done = 0;
      for (;;) {
        const n = await next();
        if (n.status !== "unit" || !n.unit) return done;
        const unit = n.unit;
        const payload = unit.checks.length
          ? { answers: Object.fromEntries(unit.checks.map((c) => [c.key, c.key.startsWith("flag:") ? "no" : c.options.some((o) => o.value === "yes") ? "yes" : c.options[0]!.value])) }
          : { answers: Object.fromEntries(unit.questions.filter((q) => q.answer).map((q) => [q.id, 0])) };
        const res = await ctx.post(`/api/s/${code}/submit`, { data: { assignmentId: unit.assignmentId, idempotencyKey: crypto.randomUUID(), payload, durationMs: 5000 } });
        expect(res.status(), await res.text()).toBe(201);
        done++;
      }
    },
  };
}
