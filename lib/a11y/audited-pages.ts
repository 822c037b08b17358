// Every page of the app (one row per app/**/page.tsx, and per route in PAGE_ROUTES) and the states the accessibility spec
// (e2e/a11y.spec.ts) checks it in. The accessibility statement (/accessibility) lists the same
// rows, so what it says was tested is what the spec tests. A new page needs a row here and a
// visit in the spec; e2e/a11y.spec.ts fails until both exist.

export interface AuditedPage {
  /** the page file, relative to the repository root */
  file: string;
  /** the URL pattern, as a reader knows the page */
  path: string;
  /** who sees it, and in which states it is checked */
  states: string[];
}

/**
 * Route handlers that answer with a whole page for a person: the task page is one, served
 * without Next.js's client runtime (docs/participant-api.md). Audited like the page files.
 */
export const PAGE_ROUTES: readonly string[] = ["app/s/[code]/task/route.ts"];

export const AUDITED_PAGES: readonly AuditedPage[] = [
  { file: "app/signin/page.tsx", path: "/signin", states: ["empty", "after a wrong password"] },
  { file: "app/page.tsx", path: "/", states: ["redirect to sign-in or the console"] },
  { file: "app/accessibility/page.tsx", path: "/accessibility", states: ["public", "with a study's contact"] },
  { file: "app/(console)/datasets/page.tsx", path: "/datasets", states: ["researcher, empty list", "researcher, with a dataset and the import panel", "admin"] },
  { file: "app/(console)/datasets/[id]/page.tsx", path: "/datasets/<id>", states: ["owner", "admin"] },
  { file: "app/(console)/datasets/[id]/contexts/[contextId]/page.tsx", path: "/datasets/<id>/contexts/<id>", states: ["a ToMATO transcript"] },
  { file: "app/(console)/studies/page.tsx", path: "/studies", states: ["researcher, empty list", "researcher, with a study", "admin"] },
  { file: "app/(console)/studies/new/page.tsx", path: "/studies/new", states: ["empty form", "a form with errors"] },
  { file: "app/(console)/studies/[id]/page.tsx", path: "/studies/<id>", states: ["owner", "admin"] },
  { file: "app/(console)/studies/[id]/units/page.tsx", path: "/studies/<id>/units", states: ["with answers"] },
  { file: "app/(console)/studies/[id]/participants/page.tsx", path: "/studies/<id>/participants", states: ["with a participant"] },
  { file: "app/(console)/studies/[id]/adjudication/page.tsx", path: "/studies/<id>/adjudication", states: ["queue and history"] },
  { file: "app/(console)/studies/[id]/groups/page.tsx", path: "/studies/<id>/groups", states: ["a study without groups"] },
  { file: "app/(console)/studies/[id]/quality/page.tsx", path: "/studies/<id>/quality", states: ["with a participant"] },
  { file: "app/(console)/studies/[id]/settings/page.tsx", path: "/studies/<id>/settings", states: ["with answers (read-only parts)"] },
  { file: "app/(console)/queue/page.tsx", path: "/queue", states: ["annotator, with an open study"] },
  { file: "app/(console)/users/page.tsx", path: "/users", states: ["admin"] },
  { file: "app/(console)/account/page.tsx", path: "/account", states: ["annotator", "researcher with a token", "a confirmation dialog open"] },
  { file: "app/(console)/api-docs/page.tsx", path: "/api-docs", states: ["researcher"] },
  { file: "app/s/[code]/consent/page.tsx", path: "/s/<code>/consent", states: ["participant"] },
  {
    file: "app/s/[code]/task/route.ts",
    path: "/s/<code>/task",
    states: ["validation (ToMATO transcript)", "baseline (every question kind)", "checklist (side by side)", "rating", "staged (stage 2)", "the time-limit warning", "the stop dialog open", "phone width"],
  },
  { file: "app/s/[code]/done/page.tsx", path: "/s/<code>/done", states: ["with a completion code"] },
  { file: "app/s/[code]/unavailable/page.tsx", path: "/s/<code>/unavailable", states: ["no units left"] },
];
