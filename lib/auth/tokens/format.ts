import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// A personal API token is `sally_<prefix>_<secret>`: the prefix (12 hex characters) is shown on
// the account page so the owner can tell tokens apart, and is how a presented token is found; the
// secret is 32 random bytes (base64url), shown once and never stored.
//
// Stored is sha256(whole token), not argon2. A slow hash protects what people choose, which can be
// guessed; a token is 256 random bits, so even a leaked table gives nothing to guess: one sha256
// per candidate is as hopeless as one argon2 per candidate. A slow hash would instead cost every
// API call tens of milliseconds of CPU and 19 MiB, turning the rate limit itself into a way to load
// the server.
const TOKEN = /^sally_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface NewToken {
  /** the whole token, shown to its owner once */
  token: string;
  prefix: string;
  hash: string;
}

export function newToken(): NewToken {
  const prefix = randomBytes(6).toString("hex");
  const token = `sally_${prefix}_${randomBytes(32).toString("base64url")}`;
  return { token, prefix, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The prefix of a well-formed token, or null: anything else is refused without a database read. */
export function tokenPrefix(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

/** Whether the presented token hashes to the stored hash, in time that does not depend on where they differ. */
export function tokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The credential of an `Authorization: Bearer …` header ("" when it is empty, so it is refused
 * rather than ignored); null when there is no such header (none, or another scheme).
 */
export function bearerCredential(authorization: string | null): string | null {
  const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(authorization?.trim() ?? "");
  return match ? (match[1] ?? "").trim() : null;
}
