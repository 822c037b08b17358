import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { db } from "@/lib/db/client";
import { ensureFirstAdmin } from "@/lib/users/bootstrap";
import { createUser, updateUser } from "@/lib/users/service";

describe("users", () => {
  it("stores an argon2id hash, never the password", async () => {
    const user = await createUser({ actorId: null, input: { email: "h@x.test", name: "H", role: "researcher", password: "0123456789abc" } });
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain("0123456789abc");
    expect(await verifyPassword(row.passwordHash, "0123456789abc")).toBe(true);
    expect(await verifyPassword(row.passwordHash, "wrong")).toBe(false);
  });

  it("refuses a second account with the same email (409)", async () => {
    await createUser({ actorId: null, input: { email: "dup@x.test", name: "A", role: "annotator", password: "0123456789abc" } });
    await expect(
      createUser({ actorId: null, input: { email: "dup@x.test", name: "B", role: "annotator", password: "0123456789abc" } }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  it("deactivation bumps the token version (ending sessions) and is audited with before/after", async () => {
    const admin = await createUser({ actorId: null, input: { email: "adm@x.test", name: "A", role: "admin", password: "0123456789abc" } });
    const user = await createUser({ actorId: null, input: { email: "d@x.test", name: "D", role: "researcher", password: "0123456789abc" } });
    await updateUser({ actorId: admin.id, userId: user.id, input: { active: false } });
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.active).toBe(false);
    expect(row.tokenVersion).toBe(1);
    const audit = await db().auditEvent.findFirstOrThrow({ where: { targetId: user.id, action: "user.update" } });
    expect(audit.actorId).toBe(admin.id);
    expect(audit.before).toMatchObject({ active: true });
    expect(audit.after).toMatchObject({ active: false });
  });

  it("does not let an admin lock themselves out", async () => {
    const admin = await createUser({ actorId: null, input: { email: "self@x.test", name: "S", role: "admin", password: "0123456789abc" } });
    await expect(updateUser({ actorId: admin.id, userId: admin.id, input: { active: false } })).rejects.toMatchObject({ code: "conflict" });
    await expect(updateUser({ actorId: admin.id, userId: admin.id, input: { role: "researcher" } })).rejects.toMatchObject({ code: "conflict" });
  });

  it("creates the first admin once, even when two instances start together", async () => {
    await db().user.deleteMany({ where: { role: "admin" } });
    const printed: string[] = [];
    await Promise.all([
      ensureFirstAdmin({ email: "first@x.test", print: (l) => printed.push(l) }),
      ensureFirstAdmin({ email: "first@x.test", print: (l) => printed.push(l) }),
    ]);
    expect(await db().user.count({ where: { role: "admin" } })).toBe(1);
    expect(printed.filter((l) => l.includes("password:")).length).toBe(1);
    await ensureFirstAdmin({ email: "first@x.test", print: (l) => printed.push(l) });
    expect(printed.filter((l) => l.includes("password:")).length).toBe(1);
  });
});
