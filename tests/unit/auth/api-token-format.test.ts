import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerCredential, hashToken, newToken, tokenMatches, tokenPrefix } from "@/lib/auth/tokens/format";
import { mayHoldTokens, tokenMayCall } from "@/lib/auth/tokens/scope";
import { PERMISSIONS, type Action } from "@/lib/auth/permissions";

describe("API token format", () => {
  it("makes sally_<12 hex>_<43 base64url> tokens whose stored hash is the sha256 of the whole token", () => {
    const { token, prefix, hash } = newToken();
    expect(token).toMatch(/^sally_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(tokenPrefix(token)).toBe(prefix);
    expect(hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hashToken(token)).toBe(hash);
  });

  it("never repeats a token or a prefix in a few thousand draws", () => {
    const drawn = Array.from({ length: 5000 }, () => newToken());
    expect(new Set(drawn.map((t) => t.token)).size).toBe(5000);
    expect(new Set(drawn.map((t) => t.prefix)).size).toBe(5000);
  });

  it("matches only the exact token", () => {
    const { token, hash } = newToken();
    expect(tokenMatches(token, hash)).toBe(true);
    expect(tokenMatches(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), hash)).toBe(false);
    expect(tokenMatches(token, "00")).toBe(false);
  });

  it.each(["", "sally_", "sally_0123456789ab", `sally_0123456789AB_${"a".repeat(43)}`, `sally_0123456789ab_${"a".repeat(42)}`, `x${newToken().token}`, `${newToken().token} `])(
    "refuses the malformed %j without looking it up",
    (bad) => expect(tokenPrefix(bad)).toBeNull(),
  );

  it("reads Authorization: Bearer (any case, extra spaces); an empty one counts (and is refused), another scheme does not", () => {
    expect(bearerCredential("Bearer abc")).toBe("abc");
    expect(bearerCredential("bearer   abc  ")).toBe("abc");
    expect(bearerCredential("Bearer")).toBe("");
    expect(bearerCredential("Bearer ")).toBe("");
    expect(bearerCredential("Basic dXNlcjpwdw==")).toBeNull();
    expect(bearerCredential("BearerXYZ")).toBeNull();
    expect(bearerCredential(null)).toBeNull();
  });
});

describe("what a token may call", () => {
  it("takes data routes, never account routes, token management or user administration", () => {
    expect(tokenMayCall("datasets.export")).toBe(true);
    expect(tokenMayCall("studies.read")).toBe(true);
    for (const auth of ["public", "signed-in", "users.manage", "tokens.manage"] as const) expect(tokenMayCall(auth), auth).toBe(false);
  });

  it("fails closed: every action in the permission table is decided on purpose here", () => {
    const decided: Record<Action, boolean> = {
      "users.manage": false,
      "tokens.manage": false,
      "datasets.read": true,
      "datasets.import": true,
      "datasets.export": true,
      "datasets.manage": true,
      "studies.read": true,
      "studies.manage": true,
      "studies.annotate": true,
    };
    // a new action must be added to this test (and to lib/auth/tokens/scope.ts if tokens may use it)
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(decided).sort());
    for (const [action, allowed] of Object.entries(decided)) expect(tokenMayCall(action as Action), action).toBe(allowed);
  });

  it("lets only active researchers and admins hold working tokens", () => {
    expect(mayHoldTokens({ id: "r", role: "researcher", active: true })).toBe(true);
    expect(mayHoldTokens({ id: "a", role: "admin", active: true })).toBe(true);
    expect(mayHoldTokens({ id: "r", role: "researcher", active: false })).toBe(false);
    expect(mayHoldTokens({ id: "n", role: "annotator", active: true })).toBe(false);
  });
});
