import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertPortFree, ownShutdownSignals } from "@/lib/db/embedded";
import { closePool } from "@/lib/db/pool";
import { readEnv } from "@/lib/env";
import { prepareDatabase } from "@/lib/runtime/database";
import { watchPid } from "@/lib/runtime/watch";
import { ensureFirstAdmin } from "@/lib/users/bootstrap";

// `npm start`: database (embedded or DATABASE_URL), migrations, first admin, then the web server,
// supervised. The launcher lives exactly as long as the service can serve: if the web server
// dies, or the embedded PostgreSQL does, it stops the other and exits non-zero, so that a process
// manager (systemd, Docker, pm2) restarts the whole thing. Leftovers of a killed PostgreSQL are
// recovered at the next start (lib/db/embedded.ts).

export interface LauncherOptions {
  /** starts the web server with the environment it needs (PORT, DATABASE_URL, NEXTAUTH_*) */
  startWeb: (env: NodeJS.ProcessEnv, e: ReturnType<typeof readEnv>) => ChildProcess;
  say: (line: string) => void;
}

// how long the web server gets to finish its requests before it is killed
const STOP_GRACE_MS = 10_000;

export async function runLauncher({ startWeb, say }: LauncherOptions): Promise<void> {
  const e = readEnv();
  await assertPortFree(e.PORT, "the web server", "PORT");
  const database = await prepareDatabase(e, say);
  process.env.DATABASE_URL = database.url;

  let web: ChildProcess | undefined;
  let stopping = false;
  const shutdown = async (why: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    say(`${why}: shutting down`);
    if (web) await stopChild(web);
    await closePool().catch(() => {});
    await database.embedded?.stop().catch(() => {});
    process.exit(exitCode);
  };
  ownShutdownSignals();
  process.on("SIGINT", () => void shutdown("SIGINT", 0));
  process.on("SIGTERM", () => void shutdown("SIGTERM", 0));

  const postgres = database.embedded?.pid;
  if (postgres) {
    watchPid(postgres, () => void shutdown(`the embedded PostgreSQL (pid ${postgres}) died`, 1));
  }

  await ensureFirstAdmin({ email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, print: (l) => console.log(l) });
  await closePool();

  const childEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: e.NEXTAUTH_SECRET ?? persistedSecret(e.SALLY_DATA_DIR, Boolean(e.DATABASE_URL), say),
    NEXTAUTH_URL: e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  if (stopping) return;
  try {
    web = startWeb(childEnv, e);
  } catch (err) {
    return shutdown(`the web server could not start (${(err as Error).message})`, 1);
  }
  say(`serving http://localhost:${e.PORT} (web server pid ${web.pid})`);
  web.on("exit", (code, signal) => {
    void shutdown(`the web server exited (${signal ? `killed by ${signal}` : `code ${code}`})`, 1);
  });
}

// exitCode stays null after death by a signal: signalCode says it died too
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function stopChild(child: ChildProcess): Promise<void> {
  if (!alive(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => alive(child) && child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

// Sessions are signed with this; it survives restarts so users stay signed in. With an external
// database and several instances, set NEXTAUTH_SECRET so they all share one.
function persistedSecret(dataDir: string, external: boolean, say: (line: string) => void): string {
  const file = path.resolve(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  if (external) say(`NEXTAUTH_SECRET is not set; generated one in ${file}. Set it explicitly when running several instances.`);
  return secret;
}
