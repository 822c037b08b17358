// `npm start` (and `npm run dev` with --dev): database, migrations, first admin, then the web
// server, supervised (lib/runtime/launcher.ts). With --serve this file is the web server itself,
// the launcher's child (lib/runtime/web-server.ts).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { readEnv } from "@/lib/env";
import { buildIsCurrent, recordBuild } from "@/lib/runtime/build-stamp";
import { runLauncher } from "@/lib/runtime/launcher";
import { serveWeb } from "@/lib/runtime/web-server";

const dev = process.argv.includes("--dev");
const say = (line: string) => console.log(`[sally] ${line}`);
const nextBin = () => path.resolve("node_modules/next/dist/bin/next");

async function main() {
  if (process.argv.includes("--serve")) {
    const e = readEnv();
    return serveWeb({ port: e.PORT, hostname: e.HOSTNAME, trustProxy: e.TRUST_PROXY });
  }
  await runLauncher({
    say,
    startWeb: (env, e) => {
      if (dev) return spawn(process.execPath, [nextBin(), "dev", "-p", String(e.PORT), "-H", e.HOSTNAME], { stdio: "inherit", env });
      if (!buildIsCurrent()) {
        say("building the app (first start or changed sources)...");
        const build = spawnSync(process.execPath, [nextBin(), "build"], { stdio: "inherit", env });
        if (build.status !== 0) throw new Error("next build failed");
        recordBuild();
      }
      const serve = ["--import", "tsx", path.resolve("scripts/start.ts"), "--serve"];
      return spawn(process.execPath, serve, { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
    },
  });
}

main().catch((err: Error) => {
  console.error(`\n[sally] cannot start: ${err.message}`);
  if (process.env.LOG_LEVEL === "debug" && err.cause) console.error(err.cause);
  process.exit(1);
});
