// The frame of every participant page: the skip link, the header bar, main and the footer link.
// app/layout.tsx and app/s/[code]/layout.tsx render it through Next.js; the task page renders the
// same markup on its own (components/task/standalone/server.tsx). One set of classes keeps them alike.

export const SKIP_LINK_CLASS =
  "sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-control focus:bg-surface focus:px-4 focus:py-2 focus:shadow";
export const HEADER_CLASS = "border-b border-line bg-surface";
export const HEADER_BAR_CLASS = "mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3";
export const MAIN_CLASS = "mx-auto max-w-7xl px-4 py-6 sm:py-8";
export const FOOTER_CLASS = "mx-auto max-w-7xl px-4 pb-6 text-sm text-muted";
export const FOOTER_LINK_CLASS = "inline-flex min-h-6 items-center underline";

/** The accessibility statement, with the study the participant came from. */
export const accessibilityHref = (code: string) => `/accessibility?study=${encodeURIComponent(code)}`;
