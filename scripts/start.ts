// `npm start` (and `npm run dev` with --dev): database, migrations, first admin, then the web
// server, supervised (lib/runtime/launcher.ts). With --serve this file is the web server itself,
// the launcher's child (lib/runtime/web-server.ts).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { readEnv } from "@/lib/env";
import { buildApp } from "@/lib/runtime/build-app";
import { buildIsCurrent, recordBuild } from "@/lib/runtime/build-stamp";
import { runLauncher } from "@/lib/runtime/launcher";
import { SERVER_NODE_FLAGS } from "@/lib/runtime/node-flags";
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
      // the task page is served from its own bundle in development too (rebuilt at each start)
      if (dev) {
        const built = spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts/build-task-page.ts"), "--dev"], { stdio: "inherit", env });
        if (built.status !== 0) throw new Error("the task page's bundle did not build");
        return spawn(process.execPath, [nextBin(), "dev", "-p", String(e.PORT), "-H", e.HOSTNAME], { stdio: "inherit", env });
      }
      if (!buildIsCurrent()) {
        say("building the app (first start or changed sources)...");
        buildApp({ env });
        recordBuild();
      }
      const serve = [...SERVER_NODE_FLAGS, "--import", "tsx", path.resolve("scripts/start.ts"), "--serve"];
      return spawn(process.execPath, serve, { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
    },
  });
}

main().catch((err: Error) => {
  console.error(`\n[sally] cannot start: ${err.message}`);
  if (process.env.LOG_LEVEL === "debug" && err.cause) console.error(err.cause);
  process.exit(1);
});
