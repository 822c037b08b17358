// `npm run build`: generate the Prisma client, build the task page's bundle and Next.js
// (lib/runtime/build-app.ts), and stamp the build so that `npm start` knows it is current.
import { spawnSync } from "node:child_process";
import { buildApp } from "@/lib/runtime/build-app";
import { recordBuild } from "@/lib/runtime/build-stamp";

const generated = spawnSync("node", ["scripts/prisma-generate.mjs"], { stdio: "inherit" });
if (generated.status !== 0) process.exit(generated.status ?? 1);
try {
  buildApp();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
recordBuild();
