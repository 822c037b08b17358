import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".task-page/**", "public/task-assets/**", "node_modules/**", "lib/db/generated/**", ".data/**", ".test-data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Code that may run inside a transaction reaches the database only through the client it is
  // handed, so it can never wait on a second pool connection while holding one. Designs also
  // open no transactions of their own: the caller's is handed to them.
  ...[
    { files: ["lib/designs/**/*.{ts,tsx}"], tx: true },
    { files: ["lib/assignment/**/*.ts"], tx: false },
  ].map(({ files, tx }) => ({
    files,
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@/lib/db/pool", message: "Use the client you are handed (the transaction's client): pool() inside a transaction stalls under load." },
            { name: "@/lib/db/client", message: "Use the client you are handed; Prisma's db() takes its own pool connection." },
            ...(tx ? [{ name: "@/lib/db/tx", message: "Designs open no transactions; the caller's transaction client is handed to them." }] : []),
          ],
          patterns: [{ group: ["@/components/*", "@/app/*"], message: "lib/ never imports from a room above it (components/, app/)." }],
        },
      ],
    },
  })),
];

export default config;
