// What the task code uses of next/navigation, for the task page's own bundle (esbuild aliases
// `next/navigation` to this file there): plain page loads, as the page has no client router.
// Next.js's pages (consent, done) keep the real module.

export interface PageRouter {
  push(href: string): void;
  replace(href: string): void;
  /** the server renders the page again (a new language) */
  refresh(): void;
}

const router: PageRouter = {
  push: (href) => window.location.assign(href),
  replace: (href) => window.location.replace(href),
  refresh: () => window.location.reload(),
};

export function useRouter(): PageRouter {
  return router;
}
