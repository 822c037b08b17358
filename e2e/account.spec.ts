import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { signedInRequest } from "./helpers/api";
import { tabTo } from "./helpers/participant";
import { createUser, E2E, uiSignIn, unique } from "./support";

// The account page: change one's password by keyboard, and personal API tokens (create, see once,
// use from a script, revoke).

async function openAccountFromMenu(page: Page) {
  const menu = page.getByRole("button", { name: /account menu/ });
  await tabTo(page, menu);
  await page.keyboard.press("Enter");
  const link = page.getByRole("link", { name: "Account: password and API tokens" });
  await tabTo(page, link);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
}

test("[ACCOUNT] changes the password by keyboard: other sessions end, this one goes on, and the new password signs in", async ({ page, admin }) => {
  const user = await createUser(admin, "researcher");
  const newPassword = `new-${unique("pw")}`;
  const otherSession = await signedInRequest(user.email, user.password);
  expect((await otherSession.get("/api/datasets")).status()).toBe(200);

  await uiSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await openAccountFromMenu(page);
  await expectNoAxeViolations(page, "the account page");

  const form = page.getByRole("region", { name: "Change password" });
  const current = form.getByLabel("Current password");
  const fresh = form.getByLabel("New password", { exact: true });
  const again = form.getByLabel("New password again");

  // two different new passwords: the second field says so, and takes focus
  await tabTo(page, current);
  await page.keyboard.type(user.password);
  await page.keyboard.press("Tab");
  await expect(fresh).toBeFocused();
  await page.keyboard.type(newPassword);
  await page.keyboard.press("Tab");
  await expect(again).toBeFocused();
  await page.keyboard.type(`${newPassword}-typo`);
  await page.keyboard.press("Enter");
  await expect(again).toHaveAttribute("aria-invalid", "true");
  await expect(again).toHaveAccessibleDescription("The two new passwords are not the same.");
  await expect(again).toBeFocused();
  await expectNoAxeViolations(page, "the password form with an error");

  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(newPassword);
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status")).toHaveText("Your password is changed. Every other session of your account has ended.");

  // the other session ended; this browser signed in again with the new password
  expect((await otherSession.get("/api/datasets")).status()).toBe(401);
  await otherSession.dispose();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();

  // the old password no longer signs in; the new one does
  const oldTry = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  const { csrfToken } = (await (await oldTry.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const refused = await oldTry.post("/api/auth/callback/credentials", { form: { csrfToken, email: user.email, password: user.password, json: "true" }, maxRedirects: 0 });
  expect(new URL(((await refused.json()) as { url: string }).url).searchParams.get("error")).toBe("CredentialsSignin");
  await oldTry.dispose();
  const later = await page.context().browser()!.newContext();
  const laterPage = await later.newPage();
  await uiSignIn(laterPage, user.email, newPassword);
  await expect(laterPage).toHaveURL(/\/datasets$/);
  await later.close();
});

test("[ACCOUNT][TOKENS] creates a token, shows it once, a script uses it without a browser, and revoking it refuses it", async ({ page, admin }) => {
  const user = await createUser(admin, "researcher");
  const name = unique("nightly export");
  await uiSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await page.goto("/account");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await expect(tokens.getByText("You have no API tokens.")).toBeVisible();

  const nameField = tokens.getByLabel("Token name");
  await tabTo(page, nameField);
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");

  const shown = tokens.getByLabel(`Token “${name}”`);
  await expect(shown).toBeFocused();
  const secret = await shown.inputValue();
  expect(secret).toMatch(/^sally_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, "the account page showing a new token");

  // a script: no cookie, only the bearer token
  const script = await playwrightRequest.newContext({ baseURL: E2E.baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  const listed = await script.get("/api/datasets");
  expect(listed.status()).toBe(200);
  expect((await script.get("/api/admin/users")).status()).toBe(403);
  expect((await script.post("/api/tokens", { data: { name: "minted by a token" } })).status()).toBe(403);

  // seen once: after "stored", and after a reload, the page holds only its prefix
  await tokens.getByRole("button", { name: "I have stored it" }).press("Enter");
  await expect(shown).toHaveCount(0);
  await page.reload();
  const row = tokens.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(`sally_${secret.split("_")[1]}_…`);
  await expect(row).toContainText("Active");
  await expect(row.getByRole("cell").nth(2)).toContainText("UTC");
  expect(await page.content()).not.toContain(secret);

  // revoke by keyboard, after the confirmation (which starts on Cancel)
  const revoke = tokens.getByRole("button", { name: `Revoke token “${name}”` });
  await tabTo(page, revoke);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page, "the revoke confirmation");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Yes, revoke it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(tokens.getByRole("status").first()).toHaveText(`Revoked “${name}”. Scripts using it are refused from now on.`);
  await expect(row).toContainText("Revoked");
  await expect(tokens.getByRole("button", { name: `Revoke token “${name}”` })).toHaveCount(0);
  await expect(nameField).toBeFocused();
  await expectNoAxeViolations(page, "the token list after a revoke");

  const refused = await script.get("/api/datasets");
  expect(refused.status()).toBe(401);
  expect((await refused.json()).detail).toBe("This API token has been revoked.");
  await script.dispose();
});

test("[ACCOUNT] an annotator has the password form but no API tokens", async ({ page, admin }) => {
  const user = await createUser(admin, "annotator");
  await uiSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/queue$/);
  await openAccountFromMenu(page);
  await expect(page.getByRole("region", { name: "Change password" })).toBeVisible();
  await expect(page.getByText("API tokens are for researchers and admins.")).toBeVisible();
  await expect(page.getByLabel("Token name")).toHaveCount(0);
});

test("[API-DOCS] the API reference lists every operation of /api/openapi.json, grouped by tag, readable and axe clean", async ({ page, admin }) => {
  const document = (await (await admin.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>>; tags: { name: string }[] };
  const count = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  const user = await createUser(admin, "researcher");
  await uiSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: "API" })).toBeVisible();
  for (const tag of document.tags) await expect(page.getByRole("heading", { level: 2, name: tag.name })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(count);
  const create = page.getByRole("article", { name: /POST \/api\/tokens Create an API token/ });
  await expect(create.getByRole("table", { name: /Request body/ }).getByRole("row", { name: /expiresInDays/ })).toContainText("integer or null");
  await expectNoAxeViolations(page, "the API reference");
});
