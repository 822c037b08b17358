import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { expect } from "vitest";
import { POST as consentRoute } from "@/app/api/s/[code]/consent/route";
import { GET as nextRoute } from "@/app/api/s/[code]/next/route";
import { POST as submitRoute } from "@/app/api/s/[code]/submit/route";
import { encodeParticipantToken, participantCookieName } from "@/lib/participants/token";

/**
 * The participant API over its route handlers, as the browser calls it after the study link set the
 * cookie, for a participant the test entered itself (expert studies: a signed-in user's participant).
 */
export function participantApi(code: string, participantId: string, durationMs: number) {
  const headers = { cookie: `${participantCookieName(code)}=${encodeParticipantToken(participantId)}` };
  const params = { params: Promise.resolve({ code }) };
  const post = (path: string, body: unknown) =>
    new NextRequest(`http://localhost/api/s/${code}/${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  return {
    async consent() {
      expect((await consentRoute(post("consent", { consent: true }), params)).status).toBe(200);
    },
    async next() {
      const res = await nextRoute(new NextRequest(`http://localhost/api/s/${code}/next`, { headers }), params);
      const text = await res.text();
      expect(res.status, text).toBe(200);
      return { text, body: JSON.parse(text) as { status: string; unit?: Record<string, unknown> & { assignmentId: string } } };
    },
    async submit(assignmentId: string, payload: unknown) {
      const res = await submitRoute(post("submit", { assignmentId, idempotencyKey: randomUUID(), payload, durationMs }), params);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
  };
}
