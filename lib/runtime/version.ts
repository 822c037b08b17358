import { readFileSync } from "node:fs";
import path from "node:path";

// The app version for manifests: package.json's version plus the git commit when known.
export function appVersion(): { version: string; commit: string | null } {
  const pkg = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { version: string };
  return { version: pkg.version, commit: process.env.SALLY_COMMIT ?? gitCommit() };
}

function gitCommit(): string | null {
  try {
    const head = readFileSync(path.resolve(".git/HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head;
    return readFileSync(path.resolve(".git", head.slice(5)), "utf8").trim();
  } catch {
    return null;
  }
}
