import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { MarkdownContent } from "@/components/markdown";
import { DATA_ID, HEADER_ID, HEADER_PREFIX, MAIN_ID, MAIN_PREFIX, type TaskPageData } from "@/components/task/standalone/data";
import { HeaderIsland, TaskIsland } from "@/components/task/standalone/islands";
import { HTML_LANG } from "@/lib/i18n/locales";

// The task page's HTML, built into a module of its own (lib/runtime/task-page-build.ts) that the
// route app/s/[code]/task/route.ts loads: Next.js route handlers cannot render React to HTML.
// The page is the root layout's and app/s/[code]/layout.tsx's markup around the task runner.

/** The hashed files of the browser bundle, known when this module is built. */
declare const TASK_PAGE_ASSETS: { script: string; css: string };

export interface TaskPageInput {
  data: Omit<TaskPageData, "instructionsHtml">;
  /** the study's instructions (Markdown), or "" */
  instructions: string;
  title: string;
  description: string;
  skipToContent: string;
  accessibility: string;
  /** this response's Content-Security-Policy nonce */
  nonce: string;
}

/** JSON that cannot end the script element it sits in, or start a comment there. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function renderTaskPage(input: TaskPageInput): string {
  const { data: base, nonce } = input;
  const instructionsHtml = input.instructions.trim() ? renderToStaticMarkup(<MarkdownContent source={input.instructions} headingLevel={2} />) : null;
  const data: TaskPageData = { ...base, instructionsHtml };
  const header = renderToString(<HeaderIsland data={data} />, { identifierPrefix: HEADER_PREFIX });
  const main = renderToString(<TaskIsland data={data} />, { identifierPrefix: MAIN_PREFIX });
  const page = (
    <html lang={HTML_LANG[data.locale] ?? data.locale}>
      {/* eslint-disable-next-line @next/next/no-head-element -- rendered by react-dom/server, outside Next.js */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{input.title}</title>
        <meta name="description" content={input.description} />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" sizes="any" />
        <link rel="stylesheet" href={TASK_PAGE_ASSETS.css} />
        <script src={TASK_PAGE_ASSETS.script} defer nonce={nonce} />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:px-4 focus:py-2 focus:shadow"
        >
          {input.skipToContent}
        </a>
        <div className="min-h-screen">
          <header className="border-b border-line bg-surface">
            <div id={HEADER_ID} className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3" dangerouslySetInnerHTML={{ __html: header }} />
          </header>
          <main id={MAIN_ID} className="mx-auto max-w-7xl px-4 py-6 sm:py-8" dangerouslySetInnerHTML={{ __html: main }} />
          <footer className="mx-auto max-w-7xl px-4 pb-6 text-sm text-muted">
            <a href={`/accessibility?study=${encodeURIComponent(data.code)}`} className="inline-flex min-h-6 items-center underline">
              {input.accessibility}
            </a>
          </footer>
        </div>
        <script type="application/json" id={DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      </body>
    </html>
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}
