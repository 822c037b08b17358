// The server Playwright tests run against: a production build on a fresh database of its
// own, with a known admin. Started by playwright.config.ts (webServer).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { buildIsCurrent, recordBuild } from "@/lib/runtime/build-stamp";
import { closePool } from "@/lib/db/pool";
import { ensureFirstAdmin } from "@/lib/users/bootstrap";
import { createMigratedDatabase, dropDatabase, startTestServer } from "../tests/support/test-postgres";
import { E2E } from "../e2e/config";

const server = await startTestServer();
const name = `sally_e2e_${randomBytes(4).toString("hex")}`;
const url = await createMigratedDatabase(server.adminUrl, name);
process.env.DATABASE_URL = url;
await ensureFirstAdmin({ email: E2E.admin.email, password: E2E.admin.password, print: () => {} });
await closePool();

const env = {
  ...process.env,
  DATABASE_URL: url,
  NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
  NEXTAUTH_URL: E2E.baseURL,
  NEXT_TELEMETRY_DISABLED: "1",
};
const next = "node_modules/next/dist/bin/next";
if (!buildIsCurrent()) {
  const build = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
  recordBuild();
}
const child = spawn(process.execPath, [next, "start", "-p", String(E2E.port)], { stdio: "inherit", env });
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
