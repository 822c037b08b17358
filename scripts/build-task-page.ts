// `tsx scripts/build-task-page.ts`: the participant task page's script, stylesheet and server
// renderer (lib/runtime/task-page-build.ts). Part of every build (lib/runtime/build-app.ts).
import { buildTaskPage } from "@/lib/runtime/task-page-build";

const { script, css } = await buildTaskPage();
console.error(`task page: ${script}, ${css}`);
