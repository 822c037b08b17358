// `tsx scripts/build-task-page.ts [--dev]`: the participant task page's script, stylesheet and
// server renderer (lib/runtime/task-page-build.ts). Part of every build (lib/runtime/build-app.ts,
// after `next build`); `npm run dev` runs it with --dev.
import { buildTaskPage } from "@/lib/runtime/task-page-build";

const { script, css } = await buildTaskPage({ mode: process.argv.includes("--dev") ? "development" : "production" });
console.error(`task page: ${script}, ${css}`);
