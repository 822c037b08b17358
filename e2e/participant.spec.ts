import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, DEFAULT_FLAGS, importFile, setStudyState, signedInRequest, THREE_LABELS, type StudyInput } from "./helpers/api";
import { captureParticipantResponses, check, consentWithKeyboard, enter, newParticipant, pressOption, tabTo } from "./helpers/participant";
import { expectNoneContain, GOLD_KEYS, unitsServed } from "./helpers/privacy";
import { hasSample, SAMPLES_ABSENT, singleQuestionScenario, TOMATO_SAMPLE, tomatoRecords, tomatoScenario } from "./helpers/samples";
import { createUser, E2E, uiSignIn, unique } from "./support";

// What participants see and what the participant API accepts: no gold answers or other people's
// answers in anything sent to them, idempotent submission, friendly dead ends, drafts that
// survive a refresh, and a task that works with the keyboard alone.

interface Arranged {
  api: APIRequestContext;
  datasetId: string;
}

/** A researcher of this test's own, with a ToMATO dataset of their own. */
async function arrange(admin: APIRequestContext): Promise<Arranged> {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, TOMATO_SAMPLE, unique("tomato"));
  return { api, datasetId };
}

const flagsAndLabel = { contextChecks: { flags: DEFAULT_FLAGS, comment: true }, answerKey: false, labelJudgement: THREE_LABELS };

function studyInput(datasetId: string, extra: Partial<StudyInput> = {}): StudyInput {
  return { name: unique("participant-study"), datasetId, unitType: "question", n: 1, entryMode: "link", config: flagsAndLabel, ...extra };
}

const linkOf = (code: string) => `${E2E.baseURL}/s/${code}`;

/** The prompt of the question the task page shows. */
async function questionPrompt(page: Page): Promise<string> {
  const card = page.getByRole("region", { name: "Question 1" });
  await expect(card).toBeVisible();
  return (await card.locator("p").first().innerText()).trim();
}

/** Answers the flags and the label with number keys and submits with Enter. */
async function answerFlagsAndLabel(page: Page, label: string): Promise<void> {
  await pressOption(page, check(page, /^Incoherent\?/), "Fine");
  await pressOption(page, check(page, /^Unsafe/), "Fine");
  await pressOption(page, check(page, /^Is this question a fair test/), label);
}

test.describe("[PARTICIPANT]", () => {
  test.skip(!hasSample(TOMATO_SAMPLE), SAMPLES_ABSENT);

  test("[PARTICIPANT][PRIVACY] no participant-facing response carries gold, the answer key or another participant's comment", async ({ admin, browser }) => {
    test.setTimeout(120_000);
    const { api, datasetId } = await arrange(admin);
    const { scenario } = singleQuestionScenario();
    // one question, two participants: B gets the very unit A has already answered
    const study = await createOpenStudy(api, studyInput(datasetId, { n: 2, filter: { scenario: [scenario] } }));
    expect(study.units).toBe(1);
    const secret = unique("zz-secret-comment-A");

    const a = await newParticipant(browser);
    const capturedA = captureParticipantResponses(a.context);
    await enter(a.page, linkOf(study.code));
    await consentWithKeyboard(a.page);
    const promptA = await questionPrompt(a.page);
    await answerFlagsAndLabel(a.page, "Unfair");
    await a.page.getByRole("textbox", { name: "Comment (optional)" }).fill(secret);
    await a.page.getByRole("button", { name: "Submit" }).click();
    await expect(a.page).toHaveURL(/\/done$/);

    const b = await newParticipant(browser);
    const capturedB = captureParticipantResponses(b.context);
    await enter(b.page, linkOf(study.code));
    await consentWithKeyboard(b.page);
    expect(await questionPrompt(b.page)).toBe(promptA);
    // nothing of A's answers shows: B's form starts empty
    for (const radio of await b.page.getByRole("radio").all()) await expect(radio).not.toBeChecked();
    await expect(b.page.getByRole("textbox", { name: "Comment (optional)" })).toHaveValue("");
    await answerFlagsAndLabel(b.page, "Fair");
    await b.page.keyboard.press("Enter");
    await expect(b.page).toHaveURL(/\/done$/);
    await expect(b.page.getByRole("heading", { name: "Your completion code" })).toBeVisible();

    await capturedA.settled();
    await capturedB.settled();
    // the unit itself was captured, so the checks below are not vacuous
    const units = unitsServed(capturedB.all);
    expect(units.map((u) => u.questions[0]?.prompt.trim()), "B's /next answer with the unit was captured").toContain(promptA);
    expectNoneContain(capturedB.all, [...GOLD_KEYS, secret]);
    expectNoneContain(capturedA.all, GOLD_KEYS);
    await Promise.all([a.context.close(), b.context.close(), api.dispose()]);
  });

  test("[PARTICIPANT][PRIVACY] with answer-key checks on, the marked answer is shown to be verified, yet no payload has a gold field", async ({ admin, browser }) => {
    const { api, datasetId } = await arrange(admin);
    const { scenario, record } = singleQuestionScenario();
    const study = await createOpenStudy(
      api,
      studyInput(datasetId, { filter: { scenario: [scenario] }, config: { contextChecks: null, answerKey: true, labelJudgement: null } }),
    );
    const p = await newParticipant(browser);
    const captured = captureParticipantResponses(p.context);
    await enter(p.page, linkOf(study.code));
    await consentWithKeyboard(p.page);
    await expect(p.page.getByText("Unit 1 of 1", { exact: true })).toBeVisible();

    const options = p.page.getByRole("list", { name: "Options of question 1" }).getByRole("listitem");
    await expect(options).toHaveCount(4);
    const marked = options.filter({ hasText: "Marked answer" });
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(record.a_str);
    // one row per option, pointing at it by letter (its text is shown once, in the list above)
    const letter = (await marked.innerText()).trim()[0]!;
    await expect(check(p.page, new RegExp(`^Option ${letter}, the marked answer: is it correct\\?`))).toHaveCount(1);
    await expect(check(p.page, /^Option [A-D]: is it wrong\?/)).toHaveCount(3);
    await expect(check(p.page, /^Is this question fine, or broken or ambiguous\?/)).toHaveCount(1);

    // in page order: one check per option (the marked one among them), then "broken"; the
    // first option of each keeps the item
    const groups = p.page.getByRole("group").filter({ hasText: /^(Option [A-D]|Is this question fine)/ });
    await expect(groups).toHaveCount(5);
    for (const group of await groups.all()) {
      const text = await group.innerText();
      await pressOption(p.page, group, /^Is this question fine/.test(text) ? "Fine" : /the marked answer/.test(text) ? "Correct" : "Wrong");
    }
    await p.page.keyboard.press("Enter");
    await expect(p.page).toHaveURL(/\/done$/);

    await captured.settled();
    const served = unitsServed(captured.all) as unknown as { questions: { options: string[] }[]; checks: { kind: string; optionIndex?: number }[] }[];
    expect(served.flatMap((u) => u.checks.filter((c) => c.kind === "marked").map((c) => u.questions[0]!.options[c.optionIndex!]))).toContain(record.a_str);
    expectNoneContain(captured.all, GOLD_KEYS);
    await Promise.all([p.context.close(), api.dispose()]);
  });

  test("[PARTICIPANT][KEEP] an answer-key study, N=3: three participants pressing 1 on every check, then Enter, on every unit leave every unit kept", async ({ admin, browser, page }) => {
    test.setTimeout(180_000);
    const researcher = await createUser(admin, "researcher");
    const api = await signedInRequest(researcher.email, researcher.password);
    const { datasetId } = await importFile(api, TOMATO_SAMPLE, unique("tomato"));
    // two scenarios with one question each: a two-unit study
    const counts = new Map<string, number>();
    for (const r of tomatoRecords()) counts.set(tomatoScenario(r), (counts.get(tomatoScenario(r)) ?? 0) + 1);
    const scenarios = [...counts].filter(([, n]) => n === 1).map(([s]) => s).slice(0, 2);
    expect(scenarios).toHaveLength(2);
    const study = await createOpenStudy(api, studyInput(datasetId, { n: 3, filter: { scenario: scenarios }, config: { contextChecks: null, answerKey: true, labelJudgement: null } }));
    expect(study.units).toBe(2);

    for (const k of [1, 2, 3]) {
      const p = await newParticipant(browser);
      await enter(p.page, linkOf(study.code));
      await consentWithKeyboard(p.page);
      for (const unit of [1, 2]) {
        await expect(p.page.getByText(`Unit ${unit} of 2`, { exact: true })).toBeVisible();
        const checks = p.page.getByRole("group").filter({ hasText: /^(Option [A-D]|Is this question fine)/ });
        const n = await checks.count();
        expect(n, "a check per option and one on the question").toBe(5);
        // 1 answers the first unanswered check and moves on; after the last, focus is on Submit.
        // Pressed back to back, as a fast typist does: no key may land on the check just answered.
        for (let i = 0; i < n; i++) await p.page.keyboard.press("1");
        for (let i = 0; i < n; i++) await expect(checks.nth(i).getByRole("radio").first()).toBeChecked();
        await expect(p.page.getByRole("button", { name: "Submit" })).toBeFocused();
        await p.page.keyboard.press("Enter");
        if (unit === 1) await expect(p.page.getByText("Unit 2 of 2", { exact: true })).toBeVisible();
      }
      await expect(p.page, `participant ${k} finished`).toHaveURL(/\/done$/);
      await p.context.close();
    }

    const results = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as { progress: { complete: number; responses: number }; decisions: Record<string, number> };
    expect(results.progress).toMatchObject({ complete: 2, responses: 6 });
    expect(results.decisions).toMatchObject({ keep: 2, reject: 0, needs_review: 0 });
    // and so the researcher's study page says
    await uiSignIn(page, researcher.email, researcher.password);
    await expect(page.getByRole("heading", { level: 1, name: "Datasets" })).toBeVisible();
    await page.goto(`/studies/${study.id}`);
    const progress = page.getByRole("region", { name: "Progress" });
    await expect(progress.getByRole("link", { name: /^Keep\s*2$/ })).toBeVisible();
    await expect(progress.getByRole("link", { name: /^Reject\s*0$/ })).toBeVisible();
    await expect(progress.getByRole("link", { name: /^Needs review\s*0$/ })).toBeVisible();
    await api.dispose();
  });

  test("[PARTICIPANT][API] one idempotency key makes one response; a unit leased to someone else is 409; a malformed payload is 422 with invalid_params", async ({
    admin,
    browser,
  }) => {
    const { api, datasetId } = await arrange(admin);
    const study = await createOpenStudy(api, studyInput(datasetId));
    const submitUrl = `/api/s/${study.code}/submit`;

    const a = await newParticipant(browser);
    await enter(a.page, linkOf(study.code));
    await consentWithKeyboard(a.page);
    await expect(a.page.getByRole("region", { name: "Question 1" })).toBeVisible();
    // the page's own lease, read through the participant's cookie
    type Next = { status: string; unit: { assignmentId: string; checks: { key: string; options: { value: string }[] }[] } };
    const first = (await (await a.page.request.get(`/api/s/${study.code}/next`)).json()) as Next;
    expect(first.status).toBe("unit");
    const answers = Object.fromEntries(first.unit.checks.map((c) => [c.key, c.options[0]!.value]));
    const body = { assignmentId: first.unit.assignmentId, idempotencyKey: randomUUID(), payload: { answers }, startedAt: new Date().toISOString(), durationMs: 1000 };

    const once = await a.page.request.post(submitUrl, { data: body });
    expect(once.status(), await once.text()).toBe(201);
    const stored = (await once.json()) as { responseId: string; duplicate: boolean };
    expect(stored.duplicate).toBe(false);
    const twice = await a.page.request.post(submitUrl, { data: body });
    expect(twice.status(), await twice.text()).toBe(200);
    expect(await twice.json()).toEqual({ responseId: stored.responseId, duplicate: true });
    const results = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as { progress: { responses: number } };
    expect(results.progress.responses).toBe(1);

    // B's live lease is not A's to answer; neither is an assignment that does not exist
    const b = await newParticipant(browser);
    await enter(b.page, linkOf(study.code));
    await consentWithKeyboard(b.page);
    const leasedToB = ((await (await b.page.request.get(`/api/s/${study.code}/next`)).json()) as Next).unit.assignmentId;
    for (const assignmentId of [leasedToB, randomUUID()]) {
      const res = await a.page.request.post(submitUrl, { data: { ...body, assignmentId, idempotencyKey: randomUUID() } });
      expect(res.status(), await res.text()).toBe(409);
      expect(res.headers()["content-type"]).toContain("application/problem+json");
      expect(await res.json()).toMatchObject({ status: 409, code: "conflict", reason: "not_leased" });
    }

    // A's next unit, answered with a value the check does not offer and a check it does not ask
    const second = (await (await a.page.request.get(`/api/s/${study.code}/next`)).json()) as Next;
    expect(second.unit.assignmentId).not.toBe(first.unit.assignmentId);
    const bad = await a.page.request.post(submitUrl, {
      data: { ...body, assignmentId: second.unit.assignmentId, idempotencyKey: randomUUID(), payload: { answers: { "flag:incoherent": "maybe", "flag:nonsense": "yes" } } },
    });
    expect(bad.status(), await bad.text()).toBe(422);
    expect(bad.headers()["content-type"]).toContain("application/problem+json");
    const problem = (await bad.json()) as { code: string; invalid_params: { name: string; reason: string }[] };
    expect(problem.code).toBe("invalid_input");
    const names = problem.invalid_params.map((p) => p.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.startsWith("payload")), JSON.stringify(names)).toBe(true);
    expect(JSON.stringify(problem)).not.toMatch(/stack|prisma|at \w+ \(/i);

    const shapeless = await a.page.request.post(submitUrl, { data: { assignmentId: "not-a-uuid", idempotencyKey: "short", payload: {} } });
    expect(shapeless.status()).toBe(422);
    const shapelessNames = ((await shapeless.json()) as { invalid_params: { name: string }[] }).invalid_params.map((p) => p.name).sort();
    expect(shapelessNames).toEqual(["assignmentId", "idempotencyKey"]);

    // none of the refused calls stored anything
    const after = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as { progress: { responses: number } };
    expect(after.progress.responses).toBe(1);
    await Promise.all([a.context.close(), b.context.close(), api.dispose()]);
  });

  test("[PARTICIPANT] an unknown study link and a paused study show friendly pages, not errors", async ({ page, admin, browser }) => {
    const unknown = await page.goto(`/s/${unique("no-such-study")}`);
    expect(unknown?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "We could not find this study" })).toBeVisible();
    await expectNoAxeViolations(page, "the unknown-study page");
    const unknownApi = await page.request.get(`/api/s/${unique("no-such-study")}/next`);
    expect(unknownApi.status()).toBe(404);
    expect(unknownApi.headers()["content-type"]).toContain("application/problem+json");

    const { api, datasetId } = await arrange(admin);
    const study = await createOpenStudy(api, studyInput(datasetId));
    const p = await newParticipant(browser);
    await enter(p.page, linkOf(study.code));
    await consentWithKeyboard(p.page);
    const prompt = await questionPrompt(p.page);

    await setStudyState(api, study.id, "paused");
    const reloaded = await p.page.reload();
    expect(reloaded?.status()).toBeLessThan(500);
    await expect(p.page).toHaveURL(/\/unavailable\?reason=paused$/);
    await expect(p.page.getByRole("heading", { level: 1, name: "This study is paused" })).toBeVisible();
    await expect(p.page.getByText(/Answers you submitted are kept, and one you were still sending waits on this device/)).toBeVisible();
    await expectNoAxeViolations(p.page, "the paused page");
    // the API says so too, with a reason the task page understands
    const next = await p.page.request.get(`/api/s/${study.code}/next`);
    expect(next.status()).toBe(409);
    expect(await next.json()).toMatchObject({ reason: "study_paused" });
    // the study link itself leads to the same page
    await p.page.goto(linkOf(study.code));
    await expect(p.page.getByRole("heading", { level: 1, name: "This study is paused" })).toBeVisible();

    // resumed: "Try again" brings the participant back to the same unit
    await setStudyState(api, study.id, "open");
    await p.page.getByRole("link", { name: "Try again" }).click();
    await expect(p.page).toHaveURL(/\/task$/);
    expect(await questionPrompt(p.page)).toBe(prompt);
    await Promise.all([p.context.close(), api.dispose()]);
  });

  test("[PARTICIPANT][DRAFT] refreshing the task page shows the same unit, with the unsent answer still selected", async ({ admin, browser }) => {
    const { api, datasetId } = await arrange(admin);
    const study = await createOpenStudy(api, studyInput(datasetId));
    const p = await newParticipant(browser);
    await enter(p.page, linkOf(study.code));
    await consentWithKeyboard(p.page);
    await expect(p.page.getByText(`Unit 1 of ${study.units}`, { exact: true })).toBeVisible();
    const title = await p.page.getByRole("heading", { level: 2 }).first().innerText();
    const prompt = await questionPrompt(p.page);
    await pressOption(p.page, check(p.page, /^Incoherent\?/), "Incoherent");
    await pressOption(p.page, check(p.page, /^Is this question a fair test/), "Unclear");

    await p.page.reload();
    expect(await questionPrompt(p.page)).toBe(prompt);
    await expect(p.page.getByRole("heading", { level: 2 }).first()).toHaveText(title);
    await expect(p.page.getByText(`Unit 1 of ${study.units}`, { exact: true })).toBeVisible();
    await expect(check(p.page, /^Incoherent\?/).getByRole("radio", { name: "Incoherent" })).toBeChecked();
    await expect(check(p.page, /^Is this question a fair test/).getByRole("radio", { name: "Unclear" })).toBeChecked();
    for (const radio of await check(p.page, /^Unsafe/).getByRole("radio").all()) await expect(radio).not.toBeChecked();

    // a new tab of the same participant gets the same unit too (one live lease per participant)
    const again = await p.context.newPage();
    await again.goto(`${E2E.baseURL}/s/${study.code}/task`);
    expect(await questionPrompt(again)).toBe(prompt);
    await Promise.all([p.context.close(), api.dispose()]);
  });

  test("[PARTICIPANT][A11Y] the keyboard alone goes from consent to done, and consent, task and done pages pass axe", async ({ admin, browser }) => {
    const { api, datasetId } = await arrange(admin);
    const { scenario } = singleQuestionScenario();
    const study = await createOpenStudy(api, studyInput(datasetId, { filter: { scenario: [scenario] } }));
    const p = await newParticipant(browser);
    await enter(p.page, linkOf(study.code));
    await expect(p.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(p.page, "the consent page");
    // Continue without ticking the box: the error is announced and focus returns to the box
    await tabTo(p.page, p.page.getByRole("button", { name: "Continue" }));
    await p.page.keyboard.press("Enter");
    await expect(p.page.getByRole("alert").filter({ hasText: "Tick the box to say you agree" })).toBeVisible();
    await expect(p.page.getByRole("checkbox", { name: "I have read the instructions and agree to take part" })).toBeFocused();
    await consentWithKeyboard(p.page);

    await expect(p.page.getByText("Unit 1 of 1", { exact: true })).toBeVisible();
    await expectNoAxeViolations(p.page, "the task page");
    // Enter before answering: the unanswered checks are named and nothing is sent
    await p.page.keyboard.press("Enter");
    await expect(p.page.getByRole("alert").filter({ hasText: "Please answer every question before submitting" })).toBeVisible();
    await expect(p.page).toHaveURL(/\/task$/);
    await answerFlagsAndLabel(p.page, "Fair");
    await expect(p.page.getByRole("button", { name: "Submit" })).toBeFocused();
    await p.page.keyboard.press("Enter");

    await expect(p.page).toHaveURL(/\/done$/);
    await expect(p.page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
    await expect(p.page.getByRole("heading", { name: "Your completion code" })).toBeVisible();
    await expectNoAxeViolations(p.page, "the done page");
    await Promise.all([p.context.close(), api.dispose()]);
  });
});
