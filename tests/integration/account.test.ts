import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as datasetsRoute } from "@/app/api/datasets/route";
import { verifyPassword } from "@/lib/auth/password";
import { createToken } from "@/lib/auth/tokens/service";
import { db } from "@/lib/db/client";
import { ensureFirstAdmin } from "@/lib/users/bootstrap";
import { changeOwnPassword } from "@/lib/users/password-change";
import { changePasswordSchema } from "@/lib/users/schemas";
import { createUser } from "@/lib/users/service";
import { call } from "../support/bearer";

// Changing one's own password (the account page's form, POST /api/account/password), and the
// first-start message that sends the admin there.

const OLD = "old-password-0123";
const NEW = "new-password-4567";
async function person(role: "researcher" | "annotator" = "researcher") {
  return createUser({ actorId: null, input: { email: `acct-${randomUUID()}@x.test`, name: "A", role, password: OLD } });
}
const row = (id: string) => db().user.findUniqueOrThrow({ where: { id } });

describe("change my password", () => {
  it("checks the current password, stores the new one's argon2 hash, ends every session (tokenVersion) and audits it", async () => {
    const user = await person("annotator");
    const before = await row(user.id);
    expect(await changeOwnPassword({ userId: user.id, input: { currentPassword: OLD, newPassword: NEW }, ip: "192.0.2.1" })).toEqual({ changed: true });
    const after = await row(user.id);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect(await verifyPassword(after.passwordHash, NEW)).toBe(true);
    expect(await verifyPassword(after.passwordHash, OLD)).toBe(false);
    expect(await db().auditEvent.count({ where: { action: "user.password_change", actorId: user.id, targetId: user.id } })).toBe(1);
  });

  it("refuses a wrong current password (422 on currentPassword) and changes nothing", async () => {
    const user = await person();
    const before = await row(user.id);
    await expect(changeOwnPassword({ userId: user.id, input: { currentPassword: "not-it-at-all", newPassword: NEW }, ip: "192.0.2.2" })).rejects.toMatchObject({
      code: "invalid_input",
      invalidParams: [{ name: "currentPassword" }],
    });
    const after = await row(user.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.tokenVersion).toBe(before.tokenVersion);
  });

  it("guesses of the current password are slowed by the sign-in throttle: after the free tries, one is refused without being checked", async () => {
    const user = await person();
    const outcomes: string[] = [];
    // the delay doubles with each failure (1 s, 2 s, 4 s …), so within a few tries one arrives inside it
    for (let i = 0; i < 10 && !outcomes.includes("refused"); i++) {
      const result = await changeOwnPassword({ userId: user.id, input: { currentPassword: "a-wrong-guess", newPassword: NEW }, ip: "192.0.2.3" }).then(
        (r) => (r.changed ? "changed" : r.retryAfterSeconds >= 1 ? "refused" : "bad wait"),
        (e: { code: string }) => e.code,
      );
      outcomes.push(result);
    }
    expect(outcomes.slice(0, 3)).toEqual(["invalid_input", "invalid_input", "invalid_input"]);
    expect(outcomes.at(-1)).toBe("refused");
    expect(await verifyPassword((await row(user.id)).passwordHash, OLD)).toBe(true);
  });

  it("asks for a new password of at least 10 characters, different from the current one", () => {
    expect(changePasswordSchema.safeParse({ currentPassword: OLD, newPassword: "short" }).success).toBe(false);
    const same = changePasswordSchema.safeParse({ currentPassword: OLD, newPassword: OLD });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.path).toEqual(["newPassword"]);
  });

  it("leaves API tokens working (they are revoked on their own)", async () => {
    const user = await person();
    const { secret } = await createToken({ actor: { id: user.id, role: user.role }, input: { name: "kept", expiresInDays: null } });
    await changeOwnPassword({ userId: user.id, input: { currentPassword: OLD, newPassword: NEW }, ip: null });
    expect((await call(datasetsRoute, { token: secret })).status).toBe(200);
  });
});

describe("the first-start message", () => {
  it("names the account page, which exists", async () => {
    await db().user.deleteMany({ where: { role: "admin" } });
    const printed: string[] = [];
    await ensureFirstAdmin({ email: `first-${randomUUID()}@x.test`, print: (l) => printed.push(l) });
    const text = printed.join("\n");
    expect(text).toContain("/account");
    expect(text).not.toContain("Users page");
    expect(existsSync(path.resolve(import.meta.dirname, "../../app/(console)/account/page.tsx"))).toBe(true);
  });
});
