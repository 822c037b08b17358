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

export const EXPIRY_CHOICES = [
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "366", label: "In a year" },
  { value: "", label: "Never (until revoked)" },
] as const;
