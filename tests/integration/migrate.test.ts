import { randomBytes } from "node:crypto";
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrate, readMigrations } from "@/lib/db/migrate";
import { createDatabase, dropDatabase, queryRows } from "../support/test-postgres";

const adminUrl = inject("adminUrl");
const created: string[] = [];
async function freshDb(): Promise<string> {
  const name = `sally_m_${randomBytes(4).toString("hex")}`;
  created.push(name);
  return createDatabase(adminUrl, name);
}
afterAll(async () => {
  for (const name of created) await dropDatabase(adminUrl, name);
});


describe("migration runner", () => {
  it("records each migration in _prisma_migrations the way Prisma does (name, sha256 checksum, finished, 1 step)", async () => {
    const url = await freshDb();
    const result = await migrate(url);
    const migrations = await readMigrations();
    expect(result.applied).toEqual(migrations.map((m) => m.name));
    const recorded = await queryRows(url, `SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(recorded.map((r) => [r.migration_name, r.checksum, r.applied_steps_count, r.rolled_back_at])).toEqual(
      migrations.map((m) => [m.name, m.checksum, 1, null]),
    );
    expect(recorded.every((r) => r.finished_at instanceof Date)).toBe(true);
  });

  it("is a no-op the second time", async () => {
    const url = await freshDb();
    await migrate(url);
    const again = await migrate(url);
    expect(again.applied).toEqual([]);
  });

  it("lets two instances start together without applying anything twice (advisory lock)", async () => {
    const url = await freshDb();
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    const appliedCount = results.reduce((n, r) => n + r.applied.length, 0);
    expect(appliedCount).toBe((await readMigrations()).length);
    const recorded = await queryRows(url, `SELECT migration_name FROM "_prisma_migrations"`);
    expect(recorded.length).toBe(appliedCount);
  });

  it("rolls a failing migration back completely and records nothing for it", async () => {
    const url = await freshDb();
    const dir = await mkdtemp(path.join(os.tmpdir(), "sally-mig-"));
    await mkdir(path.join(dir, "001_ok"));
    await writeFile(path.join(dir, "001_ok", "migration.sql"), `CREATE TABLE "A" (id int);`);
    await mkdir(path.join(dir, "002_bad"));
    await writeFile(path.join(dir, "002_bad", "migration.sql"), `CREATE TABLE "B" (id int);\nSELECT * FROM no_such_table;`);
    await expect(migrate(url, { dir })).rejects.toThrow(/002_bad failed and was rolled back/);
    const tables = await queryRows(url, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    expect(tables.map((t) => t.tablename)).toEqual(["A", "_prisma_migrations"]);
    const recorded = await queryRows(url, `SELECT migration_name FROM "_prisma_migrations"`);
    expect(recorded.map((r) => r.migration_name)).toEqual(["001_ok"]);
  });
});
