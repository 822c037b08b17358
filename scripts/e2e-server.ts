// The server Playwright tests run against: `npm start` (build when sources changed, then serve)
// on a fresh database of its own, with a known admin. Started by playwright.config.ts (webServer).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { closePool } from "@/lib/db/pool";
import { ensureFirstAdmin } from "@/lib/users/bootstrap";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";
import { E2E, e2eDatabaseUrlFile } from "../e2e/config";

const server = await startTestServer();
const name = `sally_e2e_${randomBytes(4).toString("hex")}`;
const url = await createMigratedDatabase(server.adminUrl, name);
process.env.DATABASE_URL = url;
// specs that must run the CLI against this server's database (import-predictions) read it here
writeFileSync(e2eDatabaseUrlFile(E2E.port), url, { mode: 0o600 });
await ensureFirstAdmin({ email: E2E.admin.email, password: E2E.admin.password, print: () => {} });
await closePool();

// The app is started the way users start it: `npm start`'s launcher (scripts/start.ts), listening
// on 0.0.0.0 as it does by default, over this run's database.
const env = {
  ...process.env,
  DATABASE_URL: url,
  PORT: String(E2E.port),
  NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
  NEXTAUTH_URL: E2E.baseURL,
  NEXT_TELEMETRY_DISABLED: "1",
};
const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { stdio: "inherit", env });
const stop = async () => {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await dropDatabase(server.adminUrl, name).catch(() => {});
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
child.on("exit", (code) => process.exit(code ?? 1));
