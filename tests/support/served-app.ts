import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { disconnectDb } from "@/lib/db/client";
import { closePool } from "@/lib/db/pool";
import { buildApp } from "@/lib/runtime/build-app";
import { buildIsCurrent, recordBuild } from "@/lib/runtime/build-stamp";
import { createMigratedDatabase, dropDatabase, startTestServer } from "./test-postgres";

// The app as `npm start` serves it (scripts/start.ts --serve: the production build behind Sally's
// own web server), over a fresh database of its own, for scripts that look at it in a browser
// (scripts/measure-task-js.ts, scripts/screenshots.ts). Builds first when the sources changed.

export interface ServedApp {
  baseURL: string;
  databaseUrl: string;
  stop: () => Promise<void>;
}

export async function prepareDatabase(): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const server = await startTestServer();
  const name = `sally_script_${randomBytes(4).toString("hex")}`;
  const databaseUrl = await createMigratedDatabase(server.adminUrl, name);
  process.env.DATABASE_URL = databaseUrl;
  return {
    databaseUrl,
    drop: async () => {
      await disconnectDb().catch(() => {});
      await closePool().catch(() => {});
      await dropDatabase(server.adminUrl, name).catch(() => {});
      await server.stop();
    },
  };
}

/** A port nothing listens on now (several people share this machine: a fixed port may be theirs). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function serveApp(opts: { databaseUrl: string; port?: number; env?: Record<string, string> }): Promise<Omit<ServedApp, "databaseUrl">> {
  const port = opts.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATABASE_URL: opts.databaseUrl, NEXTAUTH_SECRET: "script-secret-script-secret-script", NEXTAUTH_URL: baseURL, NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn", HOSTNAME: "127.0.0.1", PORT: String(port), ...opts.env };
  if (!buildIsCurrent()) {
    console.error("building…");
    buildApp({ env, stdio: ["ignore", "ignore", "inherit"] });
    recordBuild();
  }
  const app = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--serve"], { env, stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; ; i++) {
    if (await fetch(`${baseURL}/api/health`).then((r) => r.ok).catch(() => false)) break;
    if (app.exitCode !== null || i > 600) throw new Error(`the app at ${baseURL} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    stop: async () => {
      if (app.exitCode === null) {
        app.kill("SIGTERM");
        await new Promise((r) => app.once("exit", r));
      }
    },
  };
}

/** A participant who entered through the link and consented: the cookie their browser holds. */
export async function consentedParticipant(baseURL: string, code: string, pid: string): Promise<{ name: string; value: string }[]> {
  const entry = await fetch(`${baseURL}/s/${code}?PROLIFIC_PID=${pid}`, { redirect: "manual" });
  const cookies = entry.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const headers = { cookie: cookies.join("; "), "content-type": "application/json", origin: baseURL };
  const consent = await fetch(`${baseURL}/api/s/${code}/consent`, { method: "POST", headers, body: JSON.stringify({ consent: true }) });
  if (!consent.ok) throw new Error(`consent failed: ${consent.status} ${await consent.text()}`);
  return cookies.map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1) }));
}
