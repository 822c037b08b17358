// Where lib/runtime/task-page-build.ts puts the task page's built files (git ignores both).

/** the browser's files, served by Next.js from public/ as /task-assets/… */
export const TASK_ASSETS_DIR = "public/task-assets";
/** the HTML renderer app/s/[code]/task/route.ts loads */
export const TASK_PAGE_SERVER = ".task-page/server.cjs";
