import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { LoadedRoute } from "@/lib/openapi/document";

// Every route module under app/api, imported for real (not parsed): what the document says is
// what the handlers carry. For tests and tools; the app serves the committed document.

export function routeFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (/^route\.(ts|js)$/.test(entry.name)) found.push(path.relative(root, abs).split(path.sep).join("/"));
    }
  };
  walk(path.join(root, "app", "api"));
  return found.sort();
}

export async function loadRoutes(root: string): Promise<LoadedRoute[]> {
  return Promise.all(
    routeFiles(root).map(async (file) => ({ file, module: (await import(pathToFileURL(path.join(root, file)).href)) as Record<string, unknown> })),
  );
}
