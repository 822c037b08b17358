import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { TASK_ASSETS, TASK_PAGE_SERVER } from "@/lib/runtime/task-page-files";

// `npm start` builds only when the sources changed since the last build: a fresh clone
// builds once, a restart does not.
const SOURCES = ["app", "components", "lib", "prisma", "types", "package-lock.json", "next.config.ts", "postcss.config.mjs", "proxy.ts"];
const STAMP = ".next/sally-build-stamp";

function fingerprint(): string {
  const hash = createHash("sha256");
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (p.endsWith("generated") || p.endsWith("node_modules")) return;
      for (const name of readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  SOURCES.forEach(walk);
  return hash.digest("hex");
}

export function buildIsCurrent(): boolean {
  return existsSync(".next/BUILD_ID") && existsSync(TASK_PAGE_SERVER) && existsSync(TASK_ASSETS.production.dir) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === fingerprint();
}

export function recordBuild(): void {
  writeFileSync(STAMP, fingerprint());
}
