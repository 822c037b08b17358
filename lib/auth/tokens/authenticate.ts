import type { SessionUser } from "@/lib/auth/session";
import { mayHoldTokens } from "@/lib/auth/tokens/scope";
import { tokenMatches, tokenPrefix } from "@/lib/auth/tokens/format";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";

export type TokenAuth =
  | { ok: true; user: SessionUser; tokenId: string }
  | { ok: false; code: "unauthenticated"; detail: string }
  | { ok: false; code: "rate_limited"; detail: string; retryAfterSeconds: number };

const INVALID = "The API token is not valid. Create one on your account page (/account).";

/**
 * Who a bearer token speaks for, checked on every request: the token exists, the secret matches,
 * it is neither revoked nor expired, and its owner is active and (still) in a role that may hold
 * tokens. The role is the owner's current one, read here, never one remembered with the token.
 * A valid token then spends one request of its rate limit.
 */
export async function authenticateToken(credential: string, limitPerMinute = env().API_TOKEN_RATE_LIMIT): Promise<TokenAuth> {
  const prefix = tokenPrefix(credential);
  if (!prefix) return { ok: false, code: "unauthenticated", detail: INVALID };
  const token = await db().apiToken.findUnique({
    where: { prefix },
    select: { id: true, secretHash: true, revokedAt: true, expiresAt: true, user: { select: { id: true, email: true, name: true, role: true, active: true } } },
  });
  if (!token || !tokenMatches(credential, token.secretHash)) return { ok: false, code: "unauthenticated", detail: INVALID };
  if (token.revokedAt) return { ok: false, code: "unauthenticated", detail: "This API token has been revoked." };
  if (token.expiresAt && token.expiresAt <= new Date()) return { ok: false, code: "unauthenticated", detail: "This API token has expired." };
  if (!mayHoldTokens(token.user)) return { ok: false, code: "unauthenticated", detail: "This API token's account can no longer use API tokens." };

  const spent = await spendRequest(token.id, limitPerMinute);
  // deleted with its owner since the lookup
  if (!spent) return { ok: false, code: "unauthenticated", detail: INVALID };
  if (!spent.allowed) {
    return { ok: false, code: "rate_limited", detail: `This API token made more than ${limitPerMinute} requests in a minute.`, retryAfterSeconds: spent.retryAfterSeconds };
  }
  const { id, email, name, role } = token.user;
  return { ok: true, user: { id, email, name, role }, tokenId: token.id };
}

// The rate limit is GCRA (the generic cell rate algorithm): each request moves the token's
// "rateAt" on by 60/limit seconds from whichever is later, itself or now; a request is allowed
// while that stays within a minute of now. So a quiet token may burst `limit` requests, and a
// busy one gets `limit` per minute, smoothly, with the exact wait known. One statement in
// PostgreSQL (the row lock orders concurrent requests), so every app instance shares the count.
// lastUsedAt moves only when it is a minute old: the list shows "last used" to the minute, and
// the column is not rewritten with a new value on every call.
const SPEND = `
  WITH t AS (
    SELECT id, GREATEST(COALESCE("rateAt", now()), now()) + make_interval(secs => $2) AS next
    FROM "ApiToken" WHERE id = $1 FOR UPDATE
  ), spent AS (
    UPDATE "ApiToken" a SET "rateAt" = t.next,
      "lastUsedAt" = CASE WHEN a."lastUsedAt" IS NULL OR a."lastUsedAt" <= now() - interval '1 minute' THEN now() ELSE a."lastUsedAt" END
    FROM t WHERE a.id = t.id AND t.next <= now() + interval '1 minute'
    RETURNING a.id
  )
  SELECT EXISTS (SELECT 1 FROM spent) AS allowed,
         GREATEST(1, ceil(extract(epoch FROM t.next - now() - interval '1 minute')))::int AS "retryAfterSeconds"
  FROM t`;

async function spendRequest(tokenId: string, limitPerMinute: number): Promise<{ allowed: boolean; retryAfterSeconds: number } | undefined> {
  const { rows } = await pool().query<{ allowed: boolean; retryAfterSeconds: number }>(SPEND, [tokenId, 60 / limitPerMinute]);
  return rows[0];
}
