// `npm start` (and `npm run dev` with --dev): database, migrations, first admin, then Next.js.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { assertPortFree } from "@/lib/db/embedded";
import { closePool } from "@/lib/db/pool";
import { readEnv } from "@/lib/env";
import { prepareDatabase } from "@/lib/runtime/database";
import { buildIsCurrent, recordBuild } from "@/lib/runtime/build-stamp";
import { ensureFirstAdmin } from "@/lib/users/bootstrap";

const dev = process.argv.includes("--dev");
const say = (line: string) => console.log(`[sally] ${line}`);

async function main() {
  const e = readEnv();
  await assertPortFree(e.PORT, "the web server", "PORT");
  const database = await prepareDatabase(e, say);
  process.env.DATABASE_URL = database.url;

  const web: { child?: ChildProcess } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: shutting down`);
    const child = web.child;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    await closePool().catch(() => {});
    await database.embedded?.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await ensureFirstAdmin({ email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, print: (l) => console.log(l) });
  await closePool();

  const secret = e.NEXTAUTH_SECRET ?? persistedSecret(e.SALLY_DATA_DIR, Boolean(e.DATABASE_URL));
  const childEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`,
    NEXT_TELEMETRY_DISABLED: "1",
  };

  if (!dev && !buildIsCurrent()) {
    say("building the app (first start or changed sources)...");
    const build = spawnSync(process.execPath, [nextBin(), "build"], { stdio: "inherit", env: childEnv });
    if (build.status !== 0) throw new Error("next build failed");
    recordBuild();
  }

  const args = [nextBin(), dev ? "dev" : "start", "-p", String(e.PORT), "-H", e.HOSTNAME];
  web.child = spawn(process.execPath, args, { stdio: "inherit", env: childEnv });
  say(`serving http://localhost:${e.PORT}`);
  web.child.on("exit", (code) => {
    if (!stopping) {
      say(`the web server exited (code ${code})`);
      void shutdown("exit").then(() => process.exit(code ?? 1));
    }
  });
}

function nextBin(): string {
  return path.resolve("node_modules/next/dist/bin/next");
}

// Sessions are signed with this; it survives restarts so users stay signed in. With an external
// database and several instances, set NEXTAUTH_SECRET so they all share one.
function persistedSecret(dataDir: string, external: boolean): string {
  const file = path.resolve(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  if (external) say(`NEXTAUTH_SECRET is not set; generated one in ${file}. Set it explicitly when running several instances.`);
  return secret;
}

main().catch((err: Error) => {
  console.error(`\n[sally] cannot start: ${err.message}`);
  if (process.env.LOG_LEVEL === "debug" && err.cause) console.error(err.cause);
  process.exit(1);
});
