import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { TaskPageInput } from "@/components/task/standalone/server";
import { TASK_PAGE_SERVER } from "@/lib/runtime/task-page-files";

interface TaskPageRenderer {
  renderTaskPage(input: TaskPageInput): string;
}

let loaded: Promise<TaskPageRenderer> | null = null;

/**
 * The task page's HTML renderer, built by `npm run build` (lib/runtime/task-page-build.ts) with
 * React's server renderer inside: Next.js does not let a route handler render React itself.
 * Loaded from disk at run time, once; the bundler must leave this import alone.
 */
export function taskPageRenderer(): Promise<TaskPageRenderer> {
  const file = pathToFileURL(path.join(/* turbopackIgnore: true */ process.cwd(), TASK_PAGE_SERVER)).href;
  loaded ??= import(/* turbopackIgnore: true */ /* webpackIgnore: true */ file).then((m: { default?: TaskPageRenderer } & Partial<TaskPageRenderer>) => {
    const renderer = m.default ?? m;
    if (typeof renderer.renderTaskPage !== "function") throw new Error(`${TASK_PAGE_SERVER} is not the task page's renderer: run npm run build`);
    return renderer as TaskPageRenderer;
  });
  return loaded;
}
