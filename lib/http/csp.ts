// The Content-Security-Policy of every page (set per request by proxy.ts, docs/security.md).
//  - Scripts run only with this response's nonce ('strict-dynamic' extends trust to what they
//    load): Next.js puts the nonce on its own scripts, so an injected <script> or event handler
//    attribute never runs. Every page is rendered per request already, so the nonce costs nothing.
//  - Stylesheets and <style> need the nonce too; style="…" attributes are allowed (our progress
//    bars and speaker colours use them; they cannot run code). Browsers without style-src-elem
//    fall back to style-src, which allows inline styles.
//  - frame-ancestors: participant pages may be framed by the configured hosts (MTurk shows a HIT
//    in a frame); console pages never.
export interface CspOptions {
  nonce: string;
  frameAncestors: string;
  dev: boolean;
  https: boolean;
}

export function contentSecurityPolicy({ nonce, frameAncestors, dev, https }: CspOptions): string {
  const directives = [
    "default-src 'self'",
    // React's development build evaluates code to rebuild server error stacks
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `style-src-elem 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // the done page of an MTurk HIT posts the assignment back to MTurk (and only there)
    "form-action 'self' https://www.mturk.com https://workersandbox.mturk.com",
    `frame-ancestors ${frameAncestors}`,
    // only where the app is served over HTTPS: on plain HTTP it would break every subresource
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The nonce of a policy made by contentSecurityPolicy (proxy.ts hands it on in the request), or null. */
export function nonceOf(policy: string | null): string | null {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "")?.[1] ?? null;
}
