import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { GET as enterRoute } from "@/app/s/[code]/route";
import { POST as consentRoute } from "@/app/api/s/[code]/consent/route";
import { GET as nextRoute } from "@/app/api/s/[code]/next/route";
import { POST as returnRoute } from "@/app/api/s/[code]/return/route";
import { POST as screenerRoute } from "@/app/api/s/[code]/screener/route";
import { POST as submitRoute } from "@/app/api/s/[code]/submit/route";

// A participant driven through the real route handlers (the route wrapper, zod, problem+json,
// the signed cookie), as a browser would call them, without a web server in between.

const ORIGIN = "http://sally.test";
// the participant cookie is signed with it, as in the app
process.env.NEXTAUTH_SECRET ??= "integration-tests-participant-cookie-secret";
const ctx = (code: string) => ({ params: Promise.resolve({ code }) });

export interface HttpAnswer<T = unknown> {
  status: number;
  body: T;
  /** every byte of the response, for leak checks */
  text: string;
}

async function read<T>(res: Response): Promise<HttpAnswer<T>> {
  const text = await res.text();
  return { status: res.status, text, body: (text ? JSON.parse(text) : null) as T };
}

export interface NextBody {
  status: string;
  screener?: { choice: string | null; options: { value: string; label: string }[]; familiarity: { index: number; appliesTo: string | null; prompt: string; options: string[] }[] };
  completionCode?: string | null;
  reason?: string;
  unit?: {
    assignmentId: string;
    stage: number;
    stages: number;
    phase: string;
    questions: { id: string; kind: string; prompt: string; options: string[] | null; answer: boolean }[];
    checks: { key: string; options: { value: string }[] }[];
    context: { views: Record<string, unknown>; defaultView: string };
    previous?: { answers: Record<string, unknown> };
    rating?: { answer: string };
    modelAnswer?: string;
  };
  progress: { done: number; total: number };
}

export class HttpParticipant {
  /** the participant cookie as the browser holds it */
  cookie = "";
  /** everything this participant was sent, for leak checks */
  readonly received: string[] = [];

  constructor(readonly code: string) {}

  private request(path: string, init: { method?: string; body?: unknown } = {}): NextRequest {
    return new NextRequest(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: { cookie: this.cookie, origin: ORIGIN, host: new URL(ORIGIN).host, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  /** Opens the study link with these URL parameters; returns where it sent the participant. */
  async enter(params: Record<string, string> = {}): Promise<string> {
    const res = await enterRoute(this.request(`/s/${this.code}?${new URLSearchParams(params)}`), ctx(this.code));
    const set = res.headers.getSetCookie?.() ?? [];
    if (set.length) this.cookie = set.map((c) => c.split(";")[0]).join("; ");
    return res.headers.get("location") ?? "";
  }

  async consent(): Promise<HttpAnswer> {
    return this.keep(await read(await consentRoute(this.request(`/api/s/${this.code}/consent`, { method: "POST", body: { consent: true } }), ctx(this.code))));
  }

  async next(): Promise<HttpAnswer<NextBody>> {
    return this.keep(await read<NextBody>(await nextRoute(this.request(`/api/s/${this.code}/next`), ctx(this.code))));
  }

  async submit(assignmentId: string, payload: unknown, extra: { stage?: number; idempotencyKey?: string; durationMs?: number } = {}): Promise<HttpAnswer<{ responseId: string; duplicate: boolean; reason?: string }>> {
    const body = { assignmentId, idempotencyKey: extra.idempotencyKey ?? randomUUID(), payload, durationMs: extra.durationMs ?? 1000, ...(extra.stage ? { stage: extra.stage } : {}) };
    return this.keep(await read<{ responseId: string; duplicate: boolean; reason?: string }>(await submitRoute(this.request(`/api/s/${this.code}/submit`, { method: "POST", body }), ctx(this.code))));
  }

  async screener(answer: unknown): Promise<HttpAnswer<{ status: string; reason?: string; detail?: string; invalid_params?: { name: string; reason: string }[] }>> {
    return this.keep(await read<{ status: string; reason?: string; detail?: string; invalid_params?: { name: string; reason: string }[] }>(await screenerRoute(this.request(`/api/s/${this.code}/screener`, { method: "POST", body: answer }), ctx(this.code))));
  }

  async giveBack(assignmentId: string): Promise<HttpAnswer> {
    return this.keep(await read(await returnRoute(this.request(`/api/s/${this.code}/return`, { method: "POST", body: { assignmentId } }), ctx(this.code))));
  }

  private keep<T extends HttpAnswer<unknown>>(answer: T): T {
    this.received.push(answer.text);
    return answer;
  }
}

/** Enters and consents: a participant ready for their first unit. */
export async function joined(code: string, params: Record<string, string> = {}): Promise<HttpParticipant> {
  const p = new HttpParticipant(code);
  await p.enter(params);
  const consent = await p.consent();
  if (consent.status !== 200) throw new Error(`consent failed: ${consent.status} ${consent.text}`);
  return p;
}
