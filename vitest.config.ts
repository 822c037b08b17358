import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
const serverOnly = { "server-only": path.resolve(import.meta.dirname, "tests/support/server-only-stub.ts") };

export default defineConfig({
  resolve: { alias: { ...serverOnly, ...alias } },
  test: {
    projects: [
      {
        resolve: { alias: { ...serverOnly, ...alias } },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "lib/**/*.test.ts"],
          // a design's own database tests run with the integration project
          exclude: ["lib/**/*.integration.test.ts", "**/node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias: { ...serverOnly, ...alias } },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "lib/**/*.integration.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file gets its own database, so files may run in parallel
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
