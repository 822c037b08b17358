// `npm run build`: generate the Prisma client, build Next.js, and stamp the build so that
// `npm start` knows it is current.
import { spawnSync } from "node:child_process";
import { recordBuild } from "@/lib/runtime/build-stamp";

for (const [cmd, args] of [
  ["node", ["scripts/prisma-generate.mjs"]],
  [process.execPath, ["node_modules/next/dist/bin/next", "build"]],
] as const) {
  const r = spawnSync(cmd, [...args], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
recordBuild();
