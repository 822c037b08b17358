// `npm test`: unit tests, integration tests on a real PostgreSQL, then Playwright e2e against a
// production build in Chromium. One test PostgreSQL serves all three; the dev data is never touched.
import { spawn } from "node:child_process";
import { startTestServer } from "../tests/support/test-postgres";

const steps: [string, string[]][] = [
  ["unit", ["npx", "vitest", "run", "--project", "unit"]],
  ["integration", ["npx", "vitest", "run", "--project", "integration"]],
  ["e2e", ["npx", "playwright", "test"]],
];
const only = process.argv.slice(2);

const server = await startTestServer();
const env = { ...process.env, SALLY_TEST_ADMIN_URL: server.adminUrl };
const failed: string[] = [];
for (const [name, [cmd, ...args]] of steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} tests ===`);
  const code = await new Promise<number>((resolve) =>
    spawn(cmd!, args, { stdio: "inherit", env }).on("exit", (c) => resolve(c ?? 1)),
  );
  if (code !== 0) failed.push(name);
}
await server.stop();
console.log(failed.length ? `\nFAILED: ${failed.join(", ")}` : "\nAll test suites passed.");
process.exit(failed.length ? 1 : 0);
