import { hydrateRoot } from "react-dom/client";
import { DATA_ID, HEADER_ID, HEADER_PREFIX, MAIN_ID, MAIN_PREFIX, type TaskPageData } from "@/components/task/standalone/data";
import { HeaderIsland, TaskIsland } from "@/components/task/standalone/islands";

// The task page's whole script (built by lib/runtime/task-page-build.ts): React, the task runner
// and the language switcher, without Next.js's client runtime. The server rendered both parts.

const data = JSON.parse(document.getElementById(DATA_ID)?.textContent ?? "null") as TaskPageData;
// the header has nothing to hydrate without the switcher
if (data.allowLanguageSwitch) hydrateRoot(document.getElementById(HEADER_ID)!, <HeaderIsland data={data} />, { identifierPrefix: HEADER_PREFIX });
hydrateRoot(document.getElementById(MAIN_ID)!, <TaskIsland data={data} />, { identifierPrefix: MAIN_PREFIX });
