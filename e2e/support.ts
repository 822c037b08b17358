import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E } from "./config";

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

// Signs a request context in through next-auth's credentials endpoint (no UI), so the
// context's cookie jar carries the session.
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<void> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(res.status());
  const session = await (await request.get("/api/auth/session")).json();
  expect(session?.user?.email, `signed in as ${email}`).toBe(email);
}

export async function createUser(
  admin: APIRequestContext,
  role: "admin" | "researcher" | "annotator",
): Promise<{ id: string; email: string; password: string; name: string }> {
  const email = `${unique(role)}@e2e.test`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const name = `Test ${role}`;
  const res = await admin.post("/api/admin/users", { data: { email, name, role, password } });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, email, password, name };
}

export async function uiSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export { E2E };
