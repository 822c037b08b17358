import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiSignIn, createUser, E2E, uiSignIn } from "./support";

// Sign-in attempts through next-auth's endpoint (one CSRF token for all, so they can run in
// parallel): the error each one reports, or "ok".
async function apiSignInOutcomes(request: APIRequestContext, email: string, passwords: string[]): Promise<string[]> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return Promise.all(
    passwords.map(async (password) => {
      const res = await request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" }, maxRedirects: 0 });
      const { url } = (await res.json()) as { url: string };
      return new URL(url).searchParams.get("error") ?? "ok";
    }),
  );
}

test("[AUTH] an admin signs in and sees the console", async ({ page }) => {
  await uiSignIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of ["Datasets", "Studies", "Users"]) await expect(nav.getByRole("link", { name: item })).toBeVisible();
  const a11y = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(a11y.violations.map((v) => v.id)).toEqual([]);
});

test("[AUTH] a wrong password shows a generic error; repeated failures are slowed down, never locked", async ({ page, admin }) => {
  const user = await createUser(admin, "researcher");
  await uiSignIn(page, user.email, "definitely-wrong");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is not right.");
  // an unknown email gets the very same message
  await uiSignIn(page, "nobody@e2e.test", "definitely-wrong");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is not right.");

  // a burst of guesses: after the free tries, the rest are refused unchecked, with a wait to respect
  const guesser = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  const outcomes = await apiSignInOutcomes(guesser, user.email, Array.from({ length: 8 }, (_, i) => `wrong-${i}`));
  await guesser.dispose();
  expect(outcomes.filter((o) => o === "CredentialsSignin").length).toBeLessThanOrEqual(3);
  expect(outcomes.filter((o) => /^TooManyAttempts:\d+$/.test(o)).length).toBeGreaterThanOrEqual(5);

  // the real user is told how long to wait, and the right password works once the wait is over
  for (let attempt = 0; attempt < 5 && !/\/datasets$/.test(page.url()); attempt++) {
    await uiSignIn(page, user.email, user.password);
    const outcome = await Promise.race([
      page.waitForURL(/\/datasets$/).then(
        () => null,
        () => "no answer",
      ),
      page.getByRole("main").getByRole("alert").textContent().catch(() => "no answer"),
    ]);
    if (outcome === null) break;
    const wait = outcome?.match(/Too many failed attempts\. Try again in (\d+) seconds?\./)?.[1];
    expect(wait, `unexpected message: ${outcome}`).toBeDefined();
    await page.waitForTimeout(Number(wait) * 1000);
  }
  await expect(page).toHaveURL(/\/datasets$/);
});

test("[RBAC] a researcher cannot open the Users page (403 page) or call the admin API (403)", async ({ page, admin }) => {
  const user = await createUser(admin, "researcher");
  await uiSignIn(page, user.email, user.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toHaveCount(0);
  const response = await page.goto("/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  const api = await page.request.get("/api/admin/users");
  expect(api.status()).toBe(403);
  expect(api.headers()["content-type"]).toContain("application/problem+json");
  expect((await api.json()).code).toBe("forbidden");
  const post = await page.request.post("/api/admin/users", {
    data: { email: "x@e2e.test", name: "x", role: "admin", password: "0123456789ab" },
  });
  expect(post.status()).toBe(403);
});

test("[API] signed-out calls get 401 problem+json", async () => {
  const anonymous = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  for (const [method, path] of [
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users"],
    ["PATCH", "/api/admin/users/00000000-0000-4000-8000-000000000000"],
  ] as const) {
    const res = await anonymous.fetch(path, { method, data: method === "GET" ? undefined : {} });
    expect(res.status(), `${method} ${path}`).toBe(401);
    const body = await res.json();
    expect(body).toMatchObject({ status: 401, code: "unauthenticated", title: expect.any(String), type: expect.any(String) });
  }
  await anonymous.dispose();
});

test("[AUTH] sign-out works", async ({ page }) => {
  await uiSignIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/datasets");
  await expect(page).toHaveURL(/\/signin/);
  const res = await page.request.get("/api/admin/users");
  expect(res.status()).toBe(401);
});

test("[ADMIN][CREATE_USER] the admin creates a researcher in the Users page, who can then sign in", async ({ page, browser }) => {
  await uiSignIn(page, E2E.admin.email, E2E.admin.password);
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const email = `new-${Date.now()}@e2e.test`;
  await page.getByLabel("Name", { exact: true }).fill("Rita Researcher");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("researcher");
  await page.getByLabel("Initial password").fill("a-good-initial-password");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${email} as researcher`);
  await expect(page.getByRole("cell", { name: email, exact: true })).toBeVisible();
  const a11y = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(a11y.violations.map((v) => v.id)).toEqual([]);

  const context = await browser.newContext();
  const researcher = await context.newPage();
  await uiSignIn(researcher, email, "a-good-initial-password");
  await expect(researcher.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  await context.close();
});

test("[ADMIN] a deactivated user's session stops working at once", async ({ admin }) => {
  const user = await createUser(admin, "researcher");
  const ctx = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  await apiSignIn(ctx, user.email, user.password);
  expect((await ctx.get("/datasets", { maxRedirects: 0 })).status()).toBe(200);
  const res = await admin.patch(`/api/admin/users/${user.id}`, { data: { active: false } });
  expect(res.status()).toBe(200);
  const after = await ctx.get("/datasets", { maxRedirects: 0 });
  expect(after.status()).toBe(307);
  expect(after.headers().location).toContain("/signin");
  await ctx.dispose();
});

test("[API] a malformed JSON body gets 400 and a wrong field type 422 with invalid_params", async ({ admin }) => {
  const malformed = await admin.post("/api/admin/users", {
    headers: { "content-type": "application/json" },
    data: Buffer.from("{not json"),
  });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ code: "malformed_json", status: 400 });
  const wrongType = await admin.post("/api/admin/users", { data: { email: 42, name: "x", role: "boss", password: "0123456789" } });
  expect(wrongType.status()).toBe(422);
  const body = await wrongType.json();
  expect(body.code).toBe("invalid_input");
  expect(body.invalid_params.map((p: { name: string }) => p.name).sort()).toEqual(["email", "role"]);
  expect(JSON.stringify(body)).not.toMatch(/stack|prisma|at \w+ \(/i);
});

test("[HEALTH] /api/health reports the database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", db: "ok" });
});

test("[CSP] pages run under a nonce Content-Security-Policy with no violation, and an injected script does not run", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  const signin = await page.goto("/signin");
  const headers = signin!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");

  await uiSignIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
  for (const name of ["Studies", "Users"]) {
    // client-side navigation: the scripts the nonce allowed load the next page
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }
  await page.goto("/studies/new");
  await expect(page.getByRole("heading", { level: 1, name: "New study" })).toBeVisible();
  // a participant page (an unknown study's friendly dead end), hydrated under the same policy
  const participant = await page.goto("/s/NO-SUCH-STUDY");
  expect(participant!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  // markup injected into the page (the XSS shape: an event handler attribute) cannot run script;
  // the browser refuses it and says so
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", `<img src="/no-such-image" onerror="document.body.dataset.injected='ran'">`));
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.body.dataset.injected ?? "blocked")).toBe("blocked");
});
