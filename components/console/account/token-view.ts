// What the account page shows of a token (never the token itself, which only the create answer carries).
export interface TokenView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  expiresAt: string | null;
}

/** "2026-11-23 14:05 UTC": one fixed format, so server and browser render the same text. */
export function formatWhen(iso: string | null, never = "never"): string {
  return iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : never;
}

export function tokenStatus(token: Pick<TokenView, "revokedAt" | "expiresAt">, now: Date): "Active" | "Revoked" | "Expired" {
  if (token.revokedAt) return "Revoked";
  if (token.expiresAt && new Date(token.expiresAt) <= now) return "Expired";
  return "Active";
}

/** How the token starts, so its owner can tell which one a script holds. */
export function shownPrefix(prefix: string): string {
  return `sally_${prefix}_…`;
}

/** Days until a new token expires ("" for never); each is worded by console.account.apiTokens.expiry. */
export const EXPIRY_CHOICES = [
  { value: "30", key: "days30" },
  { value: "90", key: "days90" },
  { value: "366", key: "year" },
  { value: "", key: "never" },
] as const;
