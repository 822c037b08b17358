import { test as base, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { apiSignIn, E2E } from "./support";

// `admin`: an API context signed in as the seeded admin, for arranging test data.
export const test = base.extend<object, { admin: APIRequestContext }>({
  admin: [
    async ({}, use) => {
      const ctx = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
      await apiSignIn(ctx, E2E.admin.email, E2E.admin.password);
      await use(ctx);
      await ctx.dispose();
    },
    { scope: "worker" },
  ],
});

export { expect } from "@playwright/test";
