import { createHmac, timingSafeEqual } from "node:crypto";

// Participants have no account: a signed cookie names their participant row. Stateless, so
// any app instance can check it.
function secret(): string {
  const s = process.env.NEXTAUTH_SECRET;
  if (!s) throw new Error("NEXTAUTH_SECRET is not set");
  return s;
}

function sign(value: string): string {
  return createHmac("sha256", secret()).update(`participant:${value}`).digest("base64url");
}

export function participantCookieName(publicCode: string): string {
  return `sally_p_${publicCode}`;
}

export function encodeParticipantToken(participantId: string): string {
  return `${participantId}.${sign(participantId)}`;
}

export function decodeParticipantToken(token: string | undefined): string | null {
  if (!token) return null;
  const dot = token.lastIndexOf(".");
  if (dot < 1) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
