// `npm run screenshots -- [--port N] [--out docs/screenshots]`
// Pictures of the app for readers who do not run it: docs/screenshots/{consent,task-desktop,
// task-phone,new-study}.png. Serves the app as `npm start` does over a fresh database, signs in
// as a researcher in Chromium, fills the new-study form for the repo's ToMATO fixture, creates
// the study (through the API), then opens it as a participant (consent; the task on a 1280 × 800 screen and on a
// 390 × 844 phone). Run it again after a UI change and commit the images.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { importDataset } from "@/lib/datasets/import";
import { createUser } from "@/lib/users/service";
import { consentedParticipant, prepareDatabase, serveApp } from "../tests/support/served-app";

const { values } = parseArgs({ options: { port: { type: "string" }, out: { type: "string", default: "docs/screenshots" } } });
const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.resolve(ROOT, values.out);
const EMAIL = "researcher@sally.example";
const PASSWORD = "screenshots-password-1";

async function shot(page: Page, name: string) {
  // no blinking caret or hover state in the picture
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: false, animations: "disabled", caret: "hide" });
  console.log(`wrote ${path.relative(ROOT, path.join(OUT, `${name}.png`))}`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const db = await prepareDatabase();
  let app: Awaited<ReturnType<typeof serveApp>> | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-background-networking", "--disable-gpu", "--font-render-hinting=none"],
  });
  try {
    const owner = await createUser({ actorId: null, input: { email: EMAIL, name: "Ada Researcher", role: "researcher", password: PASSWORD } });
    const ds = await importDataset({ file: path.join(ROOT, "tests/fixtures/tomato/valid.json"), benchmark: "tomato", ownerId: owner.id, name: "ToMATO (fixture)" });
    app = await serveApp({ databaseUrl: db.databaseUrl, port: values.port ? Number(values.port) : undefined });

    // the researcher signs in and fills the new-study form
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: app.baseURL });
    const page = await desk.newPage();
    await page.goto("/signin");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/datasets/);
    await page.goto("/studies/new");
    const form = page.getByRole("form", { name: "New study" });
    await form.getByRole("combobox", { name: "Dataset" }).selectOption(ds.datasetId);
    await page.waitForURL(new RegExp(`dataset=${ds.datasetId}`));
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Is each conversation coherent?");
    await form.getByRole("group", { name: "Planning figures" }).getByRole("status").filter({ hasText: /unit/ }).first().waitFor();
    await shot(page, "new-study");
    // the study itself through the API, as the researcher (the picture is of the form)
    const created = await page.request.post("/api/studies", {
      headers: { origin: app.baseURL },
      data: { name: "Is each conversation coherent?", datasetId: ds.datasetId, unitType: "context", n: 3, entryMode: "link", config: { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }, { key: "unsafe", label: "Unsafe" }], comment: true } } },
    });
    if (created.status() !== 201) throw new Error(`creating the study: ${created.status()} ${await created.text()}`);
    const studyId = ((await created.json()) as { study: { id: string } }).study.id;
    const state = await page.request.post(`/api/studies/${studyId}/state`, { data: { state: "open" }, headers: { origin: app.baseURL } });
    if (!state.ok()) throw new Error(`opening the study: ${state.status()} ${await state.text()}`);
    const { study } = (await (await page.request.get(`/api/studies/${studyId}`)).json()) as { study: { publicCode: string } };
    const code = study.publicCode;

    // a participant: consent, then the task on a desktop screen
    const participant = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: app.baseURL });
    const p = await participant.newPage();
    await p.goto(`/s/${code}?PROLIFIC_PID=screenshot`);
    await p.waitForURL(/\/consent$/);
    await shot(p, "consent");
    await p.getByRole("checkbox", { name: "I have read the instructions and agree to take part" }).check();
    await p.getByRole("button", { name: "Continue" }).click();
    await p.getByRole("button", { name: "Submit" }).waitFor();
    await shot(p, "task-desktop");

    // and on a phone
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: app.baseURL });
    const host = new URL(app.baseURL).hostname;
    await phone.addCookies((await consentedParticipant(app.baseURL, code, "screenshot-phone")).map((c) => ({ ...c, domain: host, path: "/" })));
    const m = await phone.newPage();
    await m.goto(`/s/${code}/task`);
    await m.getByRole("button", { name: "Submit" }).waitFor();
    await shot(m, "task-phone");
  } finally {
    await browser.close();
    await app?.stop();
    await db.drop();
  }
}

await main();
