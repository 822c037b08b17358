import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { errorResponse } from "@/lib/http/route";
import { makeStudyWithUnits } from "../support/factories";

// Constraint violations from a real PostgreSQL, raised through pg and through Prisma, become one
// problem+json each: the status says what kind of clash, invalid_params names the field, and
// nothing of the driver's text (values, constraint names, SQL) reaches the client.
async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error("expected the database to refuse this");
}

async function problemOf(err: unknown) {
  const res = errorResponse(err, "req-1");
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = (await res.json()) as { status: number; code: string; detail: string; invalid_params?: { name: string; reason: string }[] };
  expect(body.status).toBe(res.status);
  return body;
}

const insertUser = (email: string) =>
  pool().query(`INSERT INTO "User" (id, email, name, "passwordHash", role, "updatedAt") VALUES (gen_random_uuid(), $1, 'U', 'x', 'researcher', now())`, [email]);

describe("database errors mapped once", () => {
  it("a unique violation is 409 naming the field, through pg and through Prisma", async () => {
    await insertUser("taken@x.test");
    for (const err of [
      await caught(() => insertUser("taken@x.test")),
      await caught(() => db().user.create({ data: { email: "taken@x.test", name: "U", passwordHash: "x", role: "researcher" } })),
      await caught(() => db().$executeRawUnsafe(`INSERT INTO "User" (id, email, name, "passwordHash", role, "updatedAt") VALUES (gen_random_uuid(), 'taken@x.test', 'U', 'x', 'researcher', now())`)),
    ]) {
      const body = await problemOf(err);
      expect(body).toMatchObject({ status: 409, code: "conflict" });
      expect(body.invalid_params?.map((p) => p.name)).toEqual(["email"]);
      expect(JSON.stringify(body)).not.toMatch(/taken@x\.test|User_email_key|duplicate key/);
    }
  });

  it("a multi-column unique violation names each of its columns", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 1 });
    const row = { studyId: study.id, pseudonym: "P-SAME", externalMeta: {} };
    await db().participant.create({ data: row });
    const body = await problemOf(await caught(() => db().participant.create({ data: row })));
    expect(body).toMatchObject({ status: 409, code: "conflict" });
    expect(body.invalid_params?.map((p) => p.name)).toEqual(["studyId", "pseudonym"]);
  });

  it("a reference to a missing row is 422 naming the field", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const err of [
      await caught(() => db().auditEvent.create({ data: { actorId: missing, action: "x", targetType: "x", targetId: "x" } })),
      await caught(() => pool().query(`INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId") VALUES (gen_random_uuid(), $1, 'x', 'x', 'x')`, [missing])),
    ]) {
      const body = await problemOf(err);
      expect(body).toMatchObject({ status: 422, code: "invalid_input" });
      expect(body.invalid_params?.map((p) => p.name)).toEqual(["actorId"]);
      expect(JSON.stringify(body)).not.toMatch(/AuditEvent_actorId_fkey|foreign key/);
    }
  });

  it("deleting a row others still reference is 409", async () => {
    const { dataset } = await makeStudyWithUnits({ units: 1, n: 1 }); // Study → Dataset is ON DELETE RESTRICT
    for (const err of [
      await caught(() => db().dataset.delete({ where: { id: dataset.id } })),
      await caught(() => pool().query(`DELETE FROM "Dataset" WHERE id = $1`, [dataset.id])),
    ]) {
      const body = await problemOf(err);
      expect(body).toMatchObject({ status: 409, code: "conflict" });
      expect(JSON.stringify(body)).not.toMatch(/Study_datasetId_fkey|foreign key|still referenced/);
    }
  });

  it("a check violation is 422 naming the field", async () => {
    const { study } = await makeStudyWithUnits({ units: 1, n: 1 });
    const unit = await db().studyUnit.findFirstOrThrow({ where: { studyId: study.id } });
    for (const err of [
      await caught(() => db().studyUnit.update({ where: { id: unit.id }, data: { activeCount: 5 } })),
      await caught(() => pool().query(`UPDATE "StudyUnit" SET "activeCount" = -1 WHERE id = $1`, [unit.id])),
    ]) {
      const body = await problemOf(err);
      expect(body).toMatchObject({ status: 422, code: "invalid_input" });
      expect(body.invalid_params?.map((p) => p.name)).toEqual(["activeCount"]);
      expect(JSON.stringify(body)).not.toMatch(/StudyUnit_activeCount_range|check constraint|Failing row/);
    }
  });

  it("a missing record (Prisma P2025) stays 404", async () => {
    const body = await problemOf(await caught(() => db().user.delete({ where: { id: "00000000-0000-4000-8000-000000000000" } })));
    expect(body).toMatchObject({ status: 404, code: "not_found" });
  });
});
