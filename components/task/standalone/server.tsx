import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { MarkdownContent } from "@/components/markdown";
import { DATA_ID, HEADER_ID, HEADER_PREFIX, MAIN_ID, MAIN_PREFIX, type TaskPageData } from "@/components/task/standalone/data";
import { HeaderIsland, TaskIsland } from "@/components/task/standalone/islands";
import { HTML_LANG } from "@/lib/i18n/locales";
import { accessibilityHref, FOOTER_CLASS, FOOTER_LINK_CLASS, HEADER_BAR_CLASS, HEADER_CLASS, MAIN_CLASS, SKIP_LINK_CLASS } from "@/components/participant-frame";

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
          className={SKIP_LINK_CLASS}
        >
          {input.skipToContent}
        </a>
        <div className="min-h-screen">
          <header className={HEADER_CLASS}>
            <div id={HEADER_ID} className={HEADER_BAR_CLASS} dangerouslySetInnerHTML={{ __html: header }} />
          </header>
          <main id={MAIN_ID} className={MAIN_CLASS} dangerouslySetInnerHTML={{ __html: main }} />
          <footer className={FOOTER_CLASS}>
            <a href={accessibilityHref(data.code)} className={FOOTER_LINK_CLASS}>
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
