import os from "node:os";
import path from "node:path";

// Shared by the e2e server and the specs.
const port = Number(process.env.E2E_PORT ?? 3100);

export const E2E = {
  port,
  baseURL: `http://localhost:${port}`,
  admin: { email: "admin@e2e.test", password: "e2e-admin-password" },
} as const;

/** Where the e2e server writes its database URL, for specs that run the CLI against it. */
export const e2eDatabaseUrlFile = (p: number = port) => path.join(os.tmpdir(), `sally-e2e-${p}.database-url`);
