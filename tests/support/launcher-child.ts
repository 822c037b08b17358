// `npm start`'s launcher (lib/runtime/launcher.ts) with a stand-in web server: a plain Node
// HTTP server on PORT, so a test can supervise it without a Next.js build. Everything else
// (embedded PostgreSQL, migrations, first admin, supervision, shutdown) is the real code path.
import { spawn } from "node:child_process";
import { runLauncher } from "@/lib/runtime/launcher";

// like Next.js's server it takes a moment to finish on SIGTERM: PostgreSQL must outlive it
const STAND_IN = `const s = require("node:http").createServer((req, res) => res.end("ok")).listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => setTimeout(() => s.close(() => process.exit(0)), 500));`;

await runLauncher({
  say: (line) => console.log(`[sally] ${line}`),
  startWeb: (env) => spawn(process.execPath, ["-e", STAND_IN], { stdio: "inherit", env }),
});
