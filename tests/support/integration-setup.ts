import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { closePool } from "@/lib/db/pool";
import { createDatabase, dropDatabase } from "./test-postgres";

// This file's own database, copied from the migrated template before any test module loads.
const adminUrl = inject("adminUrl");
const name = `sally_t_${randomBytes(5).toString("hex")}`;
process.env.DATABASE_URL = await createDatabase(adminUrl, name, inject("templateDb"));
process.env.SALLY_TEST_DB_NAME = name;

afterAll(async () => {
  await disconnectDb();
  await closePool();
  await dropDatabase(adminUrl, name);
});
