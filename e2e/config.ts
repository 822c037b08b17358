// Shared by the e2e server and the specs.
const port = Number(process.env.E2E_PORT ?? 3100);

export const E2E = {
  port,
  baseURL: `http://localhost:${port}`,
  admin: { email: "admin@e2e.test", password: "e2e-admin-password" },
} as const;
