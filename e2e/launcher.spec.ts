import { expect, test } from "./fixtures";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest } from "./helpers/api";
import { consentWithKeyboard } from "./helpers/participant";
import { createUser, E2E, unique } from "./support";

// The e2e server is `npm start` itself (scripts/e2e-server.ts runs the launcher, listening on
// 0.0.0.0 as users run it). A participant who reaches the app by any other name than the one
// it listens on must stay on that name: round 1 sent them to http://0.0.0.0:<port>/.

const TOMATO_FIXTURE = "tests/fixtures/tomato/valid.json";

test("[LAUNCHER][LINKS] the study link redirects relative to the address the participant used, never to 0.0.0.0", async ({ admin, browser }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, TOMATO_FIXTURE, unique("tomato"));
  const study = await createOpenStudy(api, {
    name: unique("links"),
    datasetId,
    unitType: "question",
    n: 2,
    entryMode: "link",
    config: { contextChecks: { flags: DEFAULT_FLAGS, comment: false } },
  });

  // a real host name in front: the Location names no host at all
  const viaHostname = await api.get(`/s/${study.code}?PROLIFIC_PID=x`, { maxRedirects: 0, headers: { host: "sally.example.org" } });
  expect(viaHostname.status()).toBe(303);
  expect(viaHostname.headers().location).toBe(`/s/${study.code}/consent`);

  // a browser on another address than localhost ends on that same address
  const other = `http://127.0.0.1:${E2E.port}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${other}/s/${study.code}`);
  await expect(page).toHaveURL(`${other}/s/${study.code}/consent`);
  await consentWithKeyboard(page);
  await expect(page).toHaveURL(`${other}/s/${study.code}/task`);
  await context.close();
  await api.dispose();
});

test("[LAUNCHER][GZIP] npm start compresses: the task page's JavaScript comes gzipped to a browser that accepts it", async ({ admin, browser }) => {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, TOMATO_FIXTURE, unique("tomato"));
  const study = await createOpenStudy(api, { name: unique("gzip"), datasetId, unitType: "question", n: 2, entryMode: "link", config: { contextChecks: { flags: DEFAULT_FLAGS, comment: false } } });
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: { url: string; encoding: string | undefined }[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" && new URL(r.url()).pathname.startsWith("/_next/static/")) scripts.push({ url: r.url(), encoding: r.headers()["content-encoding"] });
  });
  await page.goto(`${E2E.baseURL}/s/${study.code}`);
  await consentWithKeyboard(page);
  await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
  expect(scripts.length, "the task page loads scripts").toBeGreaterThan(0);
  // the compression layer leaves out bodies under 1 KB; every real chunk is larger
  for (const s of scripts) expect(s.encoding, s.url).toMatch(/^(gzip|br)$/);
  // and the page itself, fetched with the participant's cookie
  const html = await context.request.get(`${E2E.baseURL}/s/${study.code}/task`, { headers: { "accept-encoding": "gzip" }, maxRedirects: 0 });
  expect(html.status()).toBe(200);
  expect(html.headers()["content-encoding"]).toBe("gzip");
  // a HEAD says what the GET would send (how `curl -I` checks it), and sends no body
  const head = await context.request.head(scripts[0]!.url, { headers: { "accept-encoding": "gzip" } });
  expect(head.status()).toBe(200);
  expect(head.headers()["content-encoding"]).toBe("gzip");
  expect((await head.body()).length).toBe(0);
  await context.close();
  await api.dispose();
});
