import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest } from "./helpers/api";
import { tabTo } from "./helpers/participant";
import { copyOf, discoverEndpoints, fillPath, probe, roleContext, type EndpointKey, type Probe } from "./helpers/authz";
import { createUser, uiSignIn, unique } from "./support";

// The authorization matrix: every route handler and page of the app (found by walking app/, so
// a new one without a row fails), asked by every kind of caller, against the production server.
// A 422, 409 or 204 in an allowed cell means the request got past authorization and was then
// refused or did nothing (an invalid body, a conflict, an idempotent no-op): the requests are
// harmless, and never delete or alter the fixtures the other cells use.

const ROLES = ["anonymous", "participant", "annotator", "owner", "other", "reader", "admin"] as const;
type Role = (typeof ROLES)[number];
/** A status, or a redirect (any 3xx) to this path. */
type Expect = number | `→/${string}`;
type Row = [Expect, Expect, Expect, Expect, Expect, Expect, Expect];

const SIGNIN = "→/signin";
const LINK = "→/s/[code]";
const TASK = "→/s/[code]/task";
const CONSENT = "→/s/[code]/consent";
const HOME = "→/datasets";

// owner: the researcher who imported the dataset and created the study; other: another
// researcher; reader: a researcher the owner shared the dataset (not the study) with;
// participant: someone who entered the study through its link and consented, with no account.
// prettier-ignore
const MATRIX: Record<EndpointKey, Row> = {
  //                                                anonymous participant annotator owner other reader admin
  "GET /":                                          [SIGNIN,  SIGNIN,     "→/queue", HOME, HOME,  HOME,  HOME],
  "GET /signin":                                    [200,     200,        "→/queue", HOME, HOME,  HOME,  HOME],
  "GET /datasets":                                  [SIGNIN,  SIGNIN,     403,     200,   200,   200,   200],
  "GET /datasets/[id]":                             [SIGNIN,  SIGNIN,     403,     200,   404,   200,   200],
  "GET /datasets/[id]/contexts/[contextId]":        [SIGNIN,  SIGNIN,     403,     200,   404,   200,   200],
  "GET /queue":                                     [SIGNIN,  SIGNIN,     200,     200,   200,   200,   200],
  "GET /studies":                                   [SIGNIN,  SIGNIN,     403,     200,   200,   200,   200],
  "GET /studies/new":                               [SIGNIN,  SIGNIN,     403,     200,   200,   200,   200],
  "GET /studies/[id]":                              [SIGNIN,  SIGNIN,     403,     200,   404,   404,   200],
  "GET /studies/[id]/adjudication":                 [SIGNIN,  SIGNIN,     403,     200,   404,   404,   200],
  "GET /studies/[id]/participants":                 [SIGNIN,  SIGNIN,     403,     200,   404,   404,   200],
  // the fixture study has no groups: the page says so (its tab is hidden)
  "GET /studies/[id]/groups":                       [SIGNIN,  SIGNIN,     403,     200,   404,   404,   200],
  "GET /studies/[id]/settings":                     [SIGNIN,  SIGNIN,     403,     200,   404,   404,   200],
  "GET /studies/[id]/units":                        [SIGNIN,  SIGNIN,     403,     200,   404,   404,   200],
  "GET /studies/[id]/quality":                      [SIGNIN,  SIGNIN,     403,     200,   404,   404,   200],
  "GET /users":                                     [SIGNIN,  SIGNIN,     403,     403,   403,   403,   200],
  "GET /account":                                   [SIGNIN,  SIGNIN,     200,     200,   200,   200,   200],
  "GET /api-docs":                                  [SIGNIN,  SIGNIN,     200,     200,   200,   200,   200],
  // the study link makes (or resumes) a participant: run in a throwaway copy of each caller's cookies
  "GET /s/[code]":                                  [CONSENT, TASK,       CONSENT, CONSENT, CONSENT, CONSENT, CONSENT],
  "GET /s/[code]/consent":                          [LINK,    TASK,       LINK,    LINK,  LINK,  LINK,  LINK],
  "GET /s/[code]/task":                             [LINK,    200,        LINK,    LINK,  LINK,  LINK,  LINK],
  "GET /s/[code]/done":                             [TASK,    TASK,       TASK,    TASK,  TASK,  TASK,  TASK],
  "GET /s/[code]/unavailable":                      [200,     200,        200,     200,   200,   200,   200],
  "GET /api/health":                                [200,     200,        200,     200,   200,   200,   200],
  // the accessibility statement is public: participants have no account
  "GET /accessibility":                             [200,     200,        200,     200,   200,   200,   200],
  "GET /api/auth/[...nextauth]":                    [200,     200,        200,     200,   200,   200,   200],
  // sign-out without next-auth's CSRF token only sends the caller to the confirmation page
  "POST /api/auth/[...nextauth]":                   [302,     302,        302,     302,   302,   302,   302],
  "GET /api/datasets":                              [401,     401,        403,     200,   200,   200,   200],
  // 422: the query lacks fileName, so nothing is read or imported
  "POST /api/datasets/import":                      [401,     401,        403,     422,   422,   422,   422],
  "GET /api/datasets/[id]":                         [401,     401,        403,     200,   404,   200,   200],
  // 422: an empty body (no licence), checked before the dataset is looked up, so nothing changes
  "PATCH /api/datasets/[id]":                       [401,     401,        403,     422,   422,   422,   422],
  // 409: a study uses the dataset, so it is not deleted
  "DELETE /api/datasets/[id]":                      [401,     401,        403,     409,   404,   403,   409],
  "GET /api/datasets/[id]/export":                  [401,     401,        403,     200,   404,   200,   200],
  "GET /api/datasets/[id]/shares":                  [401,     401,        403,     200,   404,   403,   200],
  // 422: the email is the annotator's, and datasets are shared with researchers only
  "POST /api/datasets/[id]/shares":                 [401,     401,        403,     422,   404,   403,   422],
  // 200: sharedWithAll is already false, so nothing changes
  "PATCH /api/datasets/[id]/shares":                [401,     401,        403,     200,   404,   403,   200],
  // 204: the annotator had no share to revoke
  "DELETE /api/datasets/[id]/shares/[userId]":      [401,     401,        403,     204,   404,   403,   204],
  "GET /api/studies":                               [401,     401,        403,     200,   200,   200,   200],
  // a new draft study on the owner's dataset: "other" cannot read the dataset (422 unknown dataset)
  "POST /api/studies":                              [401,     401,        403,     201,   422,   201,   201],
  "POST /api/studies/plan":                         [401,     401,        403,     200,   422,   200,   200],
  "GET /api/studies/[id]":                          [401,     401,        403,     200,   404,   404,   200],
  // 200: an empty change (the fixture study has the default settings the schema fills in)
  "PATCH /api/studies/[id]":                        [401,     401,        403,     200,   404,   404,   200],
  // 409: the study is already open
  "POST /api/studies/[id]/state":                   [401,     401,        403,     409,   404,   404,   409],
  "GET /api/studies/[id]/results":                  [401,     401,        403,     200,   404,   404,   200],
  "GET /api/studies/[id]/units":                    [401,     401,        403,     200,   404,   404,   200],
  "GET /api/studies/[id]/participants":             [401,     401,        403,     200,   404,   404,   200],
  "GET /api/studies/[id]/export":                   [401,     401,        403,     200,   404,   404,   200],
  "GET /api/studies/[id]/adjudications":            [401,     401,        403,     200,   404,   404,   200],
  // 422: the unit has no such check
  "POST /api/studies/[id]/adjudications":           [401,     401,        403,     422,   404,   404,   422],
  "GET /api/admin/users":                           [401,     401,        403,     403,   403,   403,   200],
  // 422: an empty body
  "POST /api/admin/users":                          [401,     401,        403,     403,   403,   403,   422],
  "PATCH /api/admin/users/[id]":                    [401,     401,        403,     403,   403,   403,   422],
  // participant calls: 401 without the participant cookie of this study
  "POST /api/s/[code]/consent":                     [401,     200,        401,     401,   401,   401,   401],
  "GET /api/s/[code]/next":                         [401,     200,        401,     401,   401,   401,   401],
  // 409: no such unit is leased to the participant
  "POST /api/s/[code]/return":                      [401,     409,        401,     401,   401,   401,   401],
  "POST /api/s/[code]/renew":                       [401,     409,        401,     401,   401,   401,   401],
  "POST /api/s/[code]/submit":                      [401,     409,        401,     401,   401,   401,   401],
  // 422: a question id of no dataset (the shared reader may read, not tag)
  "POST /api/datasets/[id]/tags":                   [401,     401,        403,     422,   404,   403,   422],
  // 404: the Prolific webhook is not configured on the test server (and a call is never signed here)
  "POST /api/webhooks/prolific/[code]":             [404,     404,        404,     404,   404,   404,   404],
  "GET /api/studies/[id]/quality":                  [401,     401,        403,     200,   404,   404,   200],
  "GET /api/studies/[id]/groups":                   [401,     401,        403,     200,   404,   404,   200],
  "GET /api/studies/[id]/timeline":                 [401,     401,        403,     200,   404,   404,   200],
  // 404: the participant id names nobody in the study (a harmless probe)
  "POST /api/studies/[id]/participants/[participantId]/exclusion": [401, 401, 403,    404,   404,   404,   404],
  // the participant stops: nothing leased, nothing done, so their outcome is "returned"
  "POST /api/s/[code]/stop":                        [401,     200,        401,     401,   401,   401,   401],
  // 409: this study asks no screener
  "POST /api/s/[code]/screener":                    [401,     409,        401,     401,   401,   401,   401],
  // the OpenAPI document is public: it describes the API and holds no secrets
  "GET /api/openapi.json":                          [200,     200,        200,     200,   200,   200,   200],
  // one's own tokens: researchers and admins (a list of their own, empty for most here)
  "GET /api/tokens":                                [401,     401,        403,     200,   200,   200,   200],
  // 422: an empty body (no name), so no token is made
  "POST /api/tokens":                               [401,     401,        403,     422,   422,   422,   422],
  // the owner's token: only the owner may revoke it (200, again 200); everyone else, admins too, 404
  "DELETE /api/tokens/[id]":                        [401,     401,        403,     200,   404,   404,   404],
  // 422: an empty body, so nothing is checked or changed
  "POST /api/account/password":                     [401,     401,        422,     422,   422,   422,   422],
};

interface Fixtures {
  contexts: Record<Role, APIRequestContext>;
  segments: Record<string, string>;
  requests: Partial<Record<EndpointKey, { path?: string; query?: string; body?: unknown; contentType?: string; isolated?: boolean }>>;
  /** what a caller who may not read the owner's dataset must never receive */
  secrets: string[];
}

const REPO_FIXTURES = path.resolve(import.meta.dirname, "../tests/fixtures");
const TOMATO = path.join(REPO_FIXTURES, "tomato/valid.json");

async function arrange(admin: APIRequestContext): Promise<Fixtures> {
  const people = {
    annotator: await createUser(admin, "annotator"),
    owner: await createUser(admin, "researcher"),
    other: await createUser(admin, "researcher"),
    reader: await createUser(admin, "researcher"),
    admin: await createUser(admin, "admin"),
  };
  const contexts = {
    anonymous: await roleContext(),
    participant: await roleContext(),
    annotator: await roleContext(people.annotator),
    owner: await roleContext(people.owner),
    other: await roleContext(people.other),
    reader: await roleContext(people.reader),
    admin: await roleContext(people.admin),
  } satisfies Record<Role, APIRequestContext>;
  const owner = contexts.owner;

  const datasetName = unique("matrix-dataset");
  const { datasetId } = await importFile(owner, TOMATO, datasetName);
  expect((await owner.post(`/api/datasets/${datasetId}/shares`, { data: { email: people.reader.email } })).status()).toBe(201);
  const firstQuestion = (await (await owner.get(`/api/datasets/${datasetId}/export?format=jsonl`)).text()).split("\n")[0]!;
  const { contextId } = JSON.parse(firstQuestion) as { contextId: string };
  const study = await createOpenStudy(owner, { name: unique("matrix-study"), datasetId, unitType: "context", config: { contextChecks: { flags: DEFAULT_FLAGS, comment: true } } });
  const results = (await (await owner.get(`/api/studies/${study.id}/units?pageSize=1`)).json()) as { items: { unitId: string }[] };
  const minted = await owner.post("/api/tokens", { data: { name: "matrix token" } });
  expect(minted.status()).toBe(201);
  const { token } = (await minted.json()) as { token: { id: string } };

  // the participant enters through the link (which sets their cookie) and consents
  expect((await probe(contexts.participant, "GET", `/s/${study.code}`)).status).toBe(303);
  expect((await contexts.participant.post(`/api/s/${study.code}/consent`, { data: { consent: true } })).status()).toBe(200);

  const records = JSON.parse(readFileSync(TOMATO, "utf8")) as { a_str: string; conversation: string }[];
  return {
    contexts,
    segments: {
      "datasets/[id]": datasetId,
      "contexts/[contextId]": contextId,
      "studies/[id]": study.id,
      "users/[id]": people.annotator.id,
      "shares/[userId]": people.annotator.id,
      "s/[code]": study.code,
      "participants/[participantId]": randomUUID(),
      "prolific/[code]": study.code,
      "auth/[...nextauth]": "session",
      "tokens/[id]": token.id,
    },
    requests: {
      "GET /s/[code]": { isolated: true },
      // next-auth's own routes take the form posts its client sends
      "POST /api/auth/[...nextauth]": { path: "/api/auth/signout", contentType: "application/x-www-form-urlencoded", body: "callbackUrl=%2F", isolated: true },
      "POST /api/datasets/import": { query: "benchmark=auto", contentType: "application/octet-stream", body: "" },
      "GET /api/datasets/[id]/export": { query: "format=jsonl" },
      "POST /api/datasets/[id]/shares": { body: { email: people.annotator.email } },
      "PATCH /api/datasets/[id]/shares": { body: { sharedWithAll: false } },
      "PATCH /api/datasets/[id]": { body: {} },
      "POST /api/studies": { body: { name: unique("matrix-probe"), datasetId, unitType: "context", config: { answerKey: true } } },
      "POST /api/studies/plan": { body: { name: "matrix-plan", datasetId, unitType: "context", config: { answerKey: true } } },
      "PATCH /api/studies/[id]": { body: {} },
      "POST /api/studies/[id]/state": { body: { state: "open" } },
      "GET /api/studies/[id]/export": { query: "format=manifest" },
      "POST /api/studies/[id]/adjudications": { body: { unitId: results.items[0]!.unitId, check: "no_such_check", decision: "yes", reason: "authorization matrix probe" } },
      "POST /api/admin/users": { body: {} },
      "PATCH /api/admin/users/[id]": { body: {} },
      "POST /api/s/[code]/consent": { body: { consent: true } },
      "POST /api/studies/[id]/participants/[participantId]/exclusion": { body: { reason: "authorization matrix probe" } },
      "POST /api/datasets/[id]/tags": { body: { csv: `questionId,tag,value\n${randomUUID()},probe,true\n` } },
      "POST /api/webhooks/prolific/[code]": { body: { event_type: "submission.status.change" } },
      "POST /api/s/[code]/return": { body: { assignmentId: randomUUID() } },
      "POST /api/s/[code]/renew": { body: { assignmentId: randomUUID() } },
      "POST /api/s/[code]/screener": { body: { values: [] } },
      "POST /api/s/[code]/submit": { body: { assignmentId: randomUUID(), idempotencyKey: randomUUID(), payload: {} } },
      "POST /api/tokens": { body: {} },
      "POST /api/account/password": { body: {} },
    },
    // the dataset's name, and gold answers that are not words of their conversation
    secrets: [datasetName, ...records.map((r) => r.a_str).filter((gold) => !records.some((r) => r.conversation.includes(gold)))],
  };
}

const matches = (got: Probe, want: Expect, segments: Record<string, string>) =>
  typeof want === "number" ? got.status === want : got.status >= 300 && got.status < 400 && got.location === fillPath(want.slice(1), segments);

const shown = (p: Probe) => (p.location ? `${p.status} → ${p.location}` : String(p.status));

test("[AUTHZ][MATRIX] every route handler and page has a row in the matrix, and every row a route", () => {
  const served = discoverEndpoints();
  expect(served.filter((key) => !(key in MATRIX)), "routes or pages with no row in MATRIX").toEqual([]);
  expect(Object.keys(MATRIX).filter((key) => !served.includes(key as EndpointKey)), "rows in MATRIX with no route or page").toEqual([]);
});

test("[AUTHZ][MATRIX] each caller gets the table's answer from every route and page, and outsiders never receive the owner's data", async ({ admin }) => {
  test.setTimeout(180_000);
  const f = await arrange(admin);
  const mismatches: string[] = [];
  const leaks: string[] = [];
  for (const key of discoverEndpoints().filter((k) => k in MATRIX)) {
    const [method, pattern] = key.split(" ") as [string, string];
    const spec = f.requests[key] ?? {};
    const url = (spec.path ?? fillPath(pattern, f.segments)) + (spec.query ? `?${spec.query}` : "");
    await Promise.all(
      ROLES.map(async (role, i) => {
        const ctx = spec.isolated ? await copyOf(f.contexts[role]) : f.contexts[role];
        const got = await probe(ctx, method, url, spec);
        if (spec.isolated) await ctx.dispose();
        const want = MATRIX[key]![i]!;
        if (!matches(got, want, f.segments)) mismatches.push(`${key} as ${role}: expected ${want}, got ${shown(got)} ${got.body.slice(0, 160)}`);
        if (["anonymous", "participant", "annotator", "other"].includes(role)) {
          for (const secret of f.secrets) if (got.body.includes(secret)) leaks.push(`${key} as ${role} carries "${secret}"`);
        }
      }),
    );
  }
  expect(mismatches, "cells that differ from MATRIX").toEqual([]);
  expect(leaks, "responses that give an outsider the owner's dataset").toEqual([]);
});

test("[AUTHZ][DATASETS] another researcher cannot list, read, export or build a study on a researcher's dataset", async ({ admin }) => {
  const owner = await createUser(admin, "researcher");
  const other = await createUser(admin, "researcher");
  const ownerApi = await signedInRequest(owner.email, owner.password);
  const otherApi = await signedInRequest(other.email, other.password);
  const name = unique("private-tomato");
  const { datasetId } = await importFile(ownerApi, TOMATO, name);

  const listed = (await (await otherApi.get("/api/datasets")).json()) as { datasets: { id: string }[] };
  expect(listed.datasets.map((d) => d.id)).not.toContain(datasetId);
  expect((await otherApi.get(`/api/datasets/${datasetId}`)).status()).toBe(404);
  const exported = await otherApi.get(`/api/datasets/${datasetId}/export?format=jsonl`);
  expect(exported.status()).toBe(404);
  expect(await exported.text()).not.toContain("He thinks that she is relieved");
  const study = await otherApi.post("/api/studies", {
    data: { name: unique("study"), datasetId, unitType: "context", config: { answerKey: true } },
  });
  expect(study.status()).toBe(422);
  expect(await study.json()).toMatchObject({ invalid_params: [{ name: "datasetId" }] });

  // the owner still has it all
  expect((await ownerApi.get(`/api/datasets/${datasetId}`)).status()).toBe(200);
  expect((await ownerApi.get(`/api/datasets/${datasetId}/export?format=jsonl`)).status()).toBe(200);
});

test("[AUTHZ][SHARING] the owner shares a dataset from its page with the keyboard: by email, with every researcher, and revokes", async ({ page, admin, browser }) => {
  test.setTimeout(120_000);
  const [owner, reader, other, annotator] = [
    await createUser(admin, "researcher"),
    await createUser(admin, "researcher"),
    await createUser(admin, "researcher"),
    await createUser(admin, "annotator"),
  ];
  const { datasetId } = await importFile(await signedInRequest(owner.email, owner.password), TOMATO, unique("shared-tomato"));
  const readerApi = await signedInRequest(reader.email, reader.password);
  const otherApi = await signedInRequest(other.email, other.password);

  await uiSignIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/datasets$/);
  await page.goto(`/datasets/${datasetId}`);
  const sharing = page.getByRole("region", { name: "Sharing" });
  await expect(sharing.getByText("Not shared with anyone by name.")).toBeVisible();
  await expectNoAxeViolations(page, "the dataset page with its sharing panel");

  // a refused email is reported on the field itself
  const email = sharing.getByLabel("Share with a researcher (email)");
  await email.fill(annotator.email);
  await email.press("Enter");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("No active researcher has this email.");

  await email.fill(reader.email);
  await email.press("Enter");
  await expect(sharing.getByRole("status")).toHaveText(`Shared with ${reader.name} (${reader.email}).`);
  await expect(sharing.getByRole("row", { name: new RegExp(reader.email.replace(/\./g, "\\.")) })).toBeVisible();
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  expect((await readerApi.get(`/api/datasets/${datasetId}`)).status()).toBe(200);
  expect((await otherApi.get(`/api/datasets/${datasetId}`)).status()).toBe(404);
  await expectNoAxeViolations(page, "the sharing panel with one researcher");

  // the researcher it was shared with reads it, but has neither the sharing panel nor delete
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await uiSignIn(readerPage, reader.email, reader.password);
  await expect(readerPage).toHaveURL(/\/datasets$/);
  await readerPage.goto(`/datasets/${datasetId}`);
  await expect(readerPage.getByRole("heading", { level: 2, name: "Questions" })).toBeVisible();
  await expect(readerPage.getByRole("heading", { name: "Sharing" })).toHaveCount(0);
  await expect(readerPage.getByRole("button", { name: "Delete dataset" })).toHaveCount(0);
  await readerContext.close();

  // every researcher, and back
  const everyone = sharing.getByRole("button", { name: "Share with every researcher" });
  await everyone.focus();
  await page.keyboard.press("Enter");
  await expect(sharing.getByRole("status")).toHaveText("Every researcher can now read this dataset.");
  expect((await otherApi.get(`/api/datasets/${datasetId}`)).status()).toBe(200);
  await sharing.getByRole("button", { name: "Stop sharing with every researcher" }).press("Enter");
  await expect(sharing.getByRole("button", { name: "Share with every researcher" })).toBeVisible();
  expect((await otherApi.get(`/api/datasets/${datasetId}`)).status()).toBe(404);

  // revoking by keyboard: the row goes, focus lands on the email field, the change is announced
  const revoke = sharing.getByRole("button", { name: `Revoke access for ${reader.email}` });
  await tabTo(page, revoke);
  await page.keyboard.press("Enter");
  await expect(sharing.getByRole("status")).toHaveText(`Stopped sharing with ${reader.name} (${reader.email}).`);
  await expect(email).toBeFocused();
  await expect(sharing.getByText("Not shared with anyone by name.")).toBeVisible();
  expect((await readerApi.get(`/api/datasets/${datasetId}`)).status()).toBe(404);
  await expectNoAxeViolations(page, "the sharing panel after a revoke");
});
