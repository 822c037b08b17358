import { randomUUID } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { E2E } from "../support";

export interface ServedUnit {
  assignmentId: string;
  stage: number;
  stages: number;
  questions: { id: string; kind: string; prompt: string; options: string[] | null }[];
  checks: { key: string; options: { value: string }[] }[];
}

/** A participant over the participant API (no browser): enters the link, consents, then answers. */
export class HttpParticipant {
  private constructor(private readonly ctx: APIRequestContext, private readonly code: string) {}

  /** `signedIn`: an annotator's own request context (studies for annotators); else an anonymous one. */
  static async join(code: string, params: Record<string, string> = {}, signedIn?: APIRequestContext): Promise<HttpParticipant> {
    const ctx = signedIn ?? (await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { origin: E2E.baseURL } }));
    const entered = await ctx.get(`/s/${code}?${new URLSearchParams(params)}`, { maxRedirects: 0 });
    expect(entered.status()).toBe(303);
    const consent = await ctx.post(`/api/s/${code}/consent`, { data: { consent: true } });
    expect(consent.status(), await consent.text()).toBe(200);
    return new HttpParticipant(ctx, code);
  }

  /** The next unit, or null when the participant is done. */
  async next(): Promise<ServedUnit | null> {
    const res = await this.ctx.get(`/api/s/${this.code}/next`);
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { status: string; unit?: ServedUnit };
    return body.status === "unit" ? body.unit! : null;
  }

  async submit(unit: ServedUnit, payload: unknown): Promise<void> {
    const res = await this.ctx.post(`/api/s/${this.code}/submit`, { data: { assignmentId: unit.assignmentId, idempotencyKey: randomUUID(), payload, durationMs: 4000, stage: unit.stage } });
    expect(res.status(), await res.text()).toBe(201);
  }

  /** Answers every unit served, each stage of it, with the payload `answer` gives. */
  async answerAll(answer: (unit: ServedUnit, i: number) => unknown): Promise<number> {
    let i = 0;
    for (let unit = await this.next(); unit; unit = await this.next()) await this.submit(unit, answer(unit, i++));
    return i;
  }

  dispose(): Promise<void> {
    return this.ctx.dispose();
  }
}
