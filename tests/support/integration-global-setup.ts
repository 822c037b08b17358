import type { TestProject } from "vitest/node";
import { createMigratedDatabase, dropDatabase, startTestServer } from "./test-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

// One migrated template per run; each test file copies it into its own database.
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  const templateDb = `sally_template_${process.pid}_${Date.now()}`;
  await createMigratedDatabase(server.adminUrl, templateDb);
  project.provide("adminUrl", server.adminUrl);
  project.provide("templateDb", templateDb);
  return async () => {
    await dropDatabase(server.adminUrl, templateDb);
    await server.stop();
  };
}
