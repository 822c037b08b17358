// Where lib/runtime/task-page-build.ts puts the task page's built files.

export type TaskPageMode = "production" | "development";

/**
 * The browser's files. A production build puts them beside Next.js's own chunks, written after
 * `next build` (which empties .next): `next start` serves everything there under /_next/static/,
 * cached for good and compressed like its chunks. `next dev` serves from another folder that it
 * empties at each start, so in development they go to public/ (git ignores it).
 */
export const TASK_ASSETS: Record<TaskPageMode, { dir: string; url: string }> = {
  production: { dir: ".next/static/task", url: "/_next/static/task" },
  development: { dir: "public/task-assets", url: "/task-assets" },
};

/** the HTML renderer app/s/[code]/task/route.ts loads (outside .next, which `next dev` empties) */
export const TASK_PAGE_SERVER = ".task-page/server.cjs";
