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

// pg queues a statement given to a connection that is running one, and warns that pg@9 will not:
// no code may rely on that queue (lib/db/snapshot.ts takes turns itself), so the warning fails the file.
const queued: Error[] = [];
const onWarning = (w: Error) => {
  if (w.name === "DeprecationWarning" && w.message.includes("already executing a query")) queued.push(w);
};
process.on("warning", onWarning);

afterAll(async () => {
  process.off("warning", onWarning);
  if (queued.length) throw new Error(`a statement was given to a pg connection still running one:\n${queued[0]!.stack}`);
  await disconnectDb();
  await closePool();
  await dropDatabase(adminUrl, name);
});
