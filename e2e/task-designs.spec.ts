import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, DEFAULT_FLAGS, importFile, signedInRequest } from "./helpers/api";
import { consentWithKeyboard, enter, stubTaskApi, tabTo, type StubbedSubmit } from "./helpers/participant";
import { FANTOM_SAMPLE, hasSample, SAMPLES_ABSENT } from "./helpers/samples";
import { createUser, E2E, uiSignIn, unique } from "./support";

// The task page for the designs beyond validation (baseline, staged reveal, checklist, rating).
// A real baseline study is answered end to end. The states a real server cannot be steered into
// from a spec (a 422 on a well-formed answer, a stage_locked race, rating units, which need model
// answers imported with the CLI) run against a real open study and a real participant, with
// GET /next and POST /submit played back in the documented wire format
// (docs/participant-api.md). What is checked is the page: keyboard operation of every widget,
// the payload it sends, 422 handling, the reveal of stage 2, and axe on each state.

const FIXTURE = path.resolve(import.meta.dirname, "../tests/fixtures/generic/baseline-kinds.jsonl");
const DIAMONDS_REVIEW = path.resolve(import.meta.dirname, "../tests/fixtures/diamonds/review-conv-QA.jsonl");
const AID = "0190a6b2-0000-7000-8000-00000000a001";

interface FixtureItem {
  context: { type: "conversation"; turns: { speaker: string; text: string }[] };
  questions: { kind: string; prompt: string; options?: string[] }[];
}
const item = JSON.parse(readFileSync(FIXTURE, "utf8").trim()) as FixtureItem;
const ids = item.questions.map((_, i) => `0190a6b2-0000-7000-8000-0000000000${String(i).padStart(2, "0")}`);

/** The fixture as the baseline design shows it: answerable questions, characters as multi_select options. */
function baselineUnit(extra: Record<string, unknown> = {}) {
  return {
    assignmentId: AID,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    phase: "task",
    stage: 1,
    stages: 1,
    title: null,
    context: { views: { main: item.context }, defaultView: "main", layout: "tabs" },
    questions: item.questions.map((q, i) => ({ id: ids[i], kind: q.kind, prompt: q.prompt, options: q.options ?? null, answer: true, ...(q.kind === "numeric" ? { allowUnanswerable: true } : {}) })),
    checks: [],
    commentAllowed: false,
    ...extra,
  };
}

const unitNext = (unit: unknown, done = 0, total = 2) => ({ status: "unit", progress: { done, total }, unit });
const noneLeft = { status: "done", reason: "none_left", progress: { done: 0, total: 2 } };

/** A real study and a consented participant, so the task page itself is the real one. */
async function consented(admin: APIRequestContext, page: Page): Promise<{ code: string; api: APIRequestContext }> {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, FIXTURE, unique("kinds"));
  const study = await createOpenStudy(api, {
    name: unique("task-designs"),
    datasetId,
    unitType: "context",
    n: 1,
    entryMode: "link",
    config: { contextChecks: { flags: DEFAULT_FLAGS, comment: false }, answerKey: false, labelJudgement: null },
  });
  await enter(page, `${E2E.baseURL}/s/${study.code}`);
  // The task page reached from consent asks for its first unit once its script has loaded (it is
  // loaded as a page, not rendered by the client router: docs/participant-api.md). Its answer is
  // awaited, so the stubs a test installs next serve only the page the test opens.
  const firstNext = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/s/${study.code}/next`);
  await consentWithKeyboard(page);
  await firstNext;
  return { code: study.code, api };
}

const openTask = (page: Page, code: string) => page.goto(`${E2E.baseURL}/s/${code}/task`);

const question = (page: Page, n: number) => page.getByRole("region", { name: `Question ${n}` });

/**
 * Answers the fixture's seven questions with the keyboard alone, one widget of each kind:
 * 2 (single choice), Space and Tab (multi select, "Nobody" and back), N (yes/no), typing
 * (numbers; "can't be determined" by Space), typing (short and free text), and one paste.
 */
async function answerEveryKind(page: Page): Promise<void> {
  // single choice: the number key picks the option; focus moves on to the next question
  await page.keyboard.press("2");
  await expect(question(page, 1).getByRole("radio", { name: "In the green basket" })).toBeChecked();
  await expect(question(page, 2).getByRole("checkbox", { name: "Mira" })).toBeFocused();
  // multi select: Space ticks, Tab moves; "Nobody" clears the characters
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(question(page, 2).getByRole("checkbox", { name: "Ines" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(question(page, 2).getByRole("checkbox", { name: "Nobody" })).toBeChecked();
  await expect(question(page, 2).getByRole("checkbox", { name: "Mira" })).not.toBeChecked();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  await expect(question(page, 2).getByRole("checkbox", { name: "Nobody" })).not.toBeChecked();
  await expect(question(page, 2).getByRole("checkbox", { name: "Ines" })).toBeChecked();
  // yes/no: Tab into it, then N
  await tabTo(page, question(page, 3).getByRole("button", { name: /^Yes/ }));
  await page.keyboard.press("n");
  await expect(question(page, 3).getByRole("button", { name: /^No/ })).toHaveAttribute("aria-pressed", "true");
  // numeric: typed; the second one "can't be determined"
  await expect(question(page, 4).getByRole("textbox", { name: "Your answer (a number)" })).toBeFocused();
  await page.keyboard.type("12");
  await tabTo(page, question(page, 5).getByRole("checkbox", { name: "Can’t be determined from the conversation" }));
  await page.keyboard.press("Space");
  await expect(question(page, 5).getByRole("textbox", { name: "Your answer (a number)" })).toBeDisabled();
  // short and free text; a paste is counted
  await tabTo(page, question(page, 6).getByRole("textbox", { name: "Your answer (a few words)" }));
  await page.keyboard.type("the green basket");
  await tabTo(page, question(page, 7).getByRole("textbox", { name: "Your answer" }));
  await page.keyboard.type("As a joke on Tomas.");
  await question(page, 7).getByRole("textbox", { name: "Your answer" }).dispatchEvent("paste");
}

test.describe("[TASK]", () => {
  test("[TASK][BASELINE][SERVER] a real baseline study over the fixture: every kind by keyboard alone, accepted by the server, counted in the results", async ({ admin, browser }) => {
    const researcher = await createUser(admin, "researcher");
    const api = await signedInRequest(researcher.email, researcher.password);
    const { datasetId } = await importFile(api, FIXTURE, unique("kinds"));
    const study = await createOpenStudy(api, { name: unique("baseline"), datasetId, design: "baseline", unitType: "context", n: 1, entryMode: "link", config: {} });
    const page = await (await browser.newContext()).newPage();
    const sent: { status: number; body: StubbedSubmit["body"] }[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/submit")) sent.push({ status: r.status(), body: r.request().postDataJSON() as StubbedSubmit["body"] });
    });
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await consentWithKeyboard(page);
    await expect(page.getByRole("heading", { level: 2, name: "Conversation 1 of 1", exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "a baseline unit served by the baseline design");
    await answerEveryKind(page);
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/done$/);

    expect(sent.map((s) => s.status)).toEqual([201]);
    const { payload, stage, signals } = sent[0]!.body;
    expect(Object.values(payload.answers as Record<string, unknown>)).toEqual([1, ["Ines"], "no", 12, null, "the green basket", "As a joke on Tomas."]);
    expect(Object.keys(payload.times as Record<string, number>)).toEqual(Object.keys(payload.answers as Record<string, unknown>));
    expect(stage).toBe(1);
    expect(signals).toEqual({ pastes: 1, focusLosses: 0 });
    const results = (await (await api.get(`/api/studies/${study.id}/results`)).json()) as { progress: { responses: number } };
    expect(results.progress.responses).toBe(1);
    await Promise.all([page.context().close(), api.dispose()]);
  });

  test("[TASK][BASELINE] every question kind answered by keyboard alone; the payload has each kind's shape, times per question and signals; a 422 lands on its question", async ({ admin, page }) => {
    const { code, api } = await consented(admin, page);
    const submits = await stubTaskApi(page, code, [unitNext(baselineUnit()), unitNext(baselineUnit({ assignmentId: ids[0] }), 1), noneLeft], (body, i) =>
      i === 0
        ? { status: 422, json: { status: 422, title: "Invalid", code: "invalid_input", detail: "Some answers are not allowed.", invalid_params: [{ name: `payload.answers.${ids[3]}`, reason: "That is more fruit than was packed." }] } }
        : { status: 201, json: { responseId: "r1", duplicate: false } },
    );
    await openTask(page, code);
    await expect(page.getByRole("heading", { level: 2, name: "Conversation 1 of 2" })).toBeVisible();
    await expect(page.getByText("Picnic", { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, "a baseline unit");

    await answerEveryKind(page);
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");

    // the 422 names question 4: a message of ours shows there (the server's English wording never
    // reaches the page, which may be in Chinese) and focus goes to it
    const numeric = question(page, 4).getByRole("textbox", { name: "Your answer (a number)" });
    await expect(question(page, 4).getByText("This answer was not accepted. Check it and try again.")).toBeVisible();
    await expect(page.getByText("That is more fruit than was packed.")).toHaveCount(0);
    await expect(numeric).toBeFocused();
    await expect(numeric).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "a refused baseline unit");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("5");
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Your answers were saved." })).toBeVisible();
    // after a submit, focus is on the next unit's heading, with a focus ring
    const heading = page.getByRole("heading", { level: 2, name: "Conversation 2 of 2" });
    await expect(heading).toBeFocused();
    expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");

    expect(submits).toHaveLength(2);
    const [refused, sent] = submits.map((s) => s.body);
    expect(sent!.idempotencyKey).toBe(refused!.idempotencyKey);
    expect(sent!.stage).toBe(1);
    expect(sent!.payload.answers).toEqual({
      [ids[0]!]: 1,
      [ids[1]!]: ["Ines"],
      [ids[2]!]: "no",
      [ids[3]!]: 5,
      [ids[4]!]: null,
      [ids[5]!]: "the green basket",
      [ids[6]!]: "As a joke on Tomas.",
    });
    const times = sent!.payload.times as Record<string, number>;
    expect(Object.keys(times).sort()).toEqual([...ids].sort());
    expect(Object.values(times).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
    expect(sent!.signals).toEqual({ pastes: 1, focusLosses: 0 });
    await api.dispose();
  });

  test("[TASK][STAGES][SERVER] a real staged baseline (FANToM short, then full): stage 2 is the same unit with more context, the first answers shown and kept, one revised", async ({ admin, browser }) => {
    test.skip(!hasSample(FANTOM_SAMPLE), SAMPLES_ABSENT);
    const researcher = await createUser(admin, "researcher");
    const api = await signedInRequest(researcher.email, researcher.password);
    const { datasetId } = await importFile(api, FANTOM_SAMPLE, unique("fantom"));
    const study = await createOpenStudy(api, {
      name: unique("staged"),
      datasetId,
      design: "baseline",
      unitType: "set" as "context",
      n: 1,
      maxUnitsPerParticipant: 1,
      entryMode: "link",
      kinds: ["single_choice"],
      stages: [{ view: "short" }, { view: "full" }],
      config: {},
    });
    const page = await (await browser.newContext()).newPage();
    const sent: { status: number; body: StubbedSubmit["body"] }[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/submit")) sent.push({ status: r.status(), body: r.request().postDataJSON() as StubbedSubmit["body"] });
    });
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await consentWithKeyboard(page);
    const heading = page.getByRole("heading", { level: 2, name: "Conversation 1 of 1", exact: true });
    await expect(heading).toBeVisible();
    const turns = page.getByRole("region", { name: "Conversation", exact: true }).getByRole("listitem");
    const shortTurns = await turns.count();
    const groups = page.getByRole("radiogroup");
    const n = await groups.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await groups.nth(i).getByRole("radio").first().check();
    const firstChoice = (await groups.first().getByRole("radio").first().evaluate((el) => el.closest("label")!.innerText)).replace(/^\d\s*/, "").trim();
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByRole("status").filter({ hasText: "More of the text is now shown" })).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText("Unit 1 of 1", { exact: true })).toBeVisible();
    await expect.poll(() => turns.count(), { message: "the full conversation is longer" }).toBeGreaterThan(shortTurns);
    await expect(question(page, 1)).toContainText(`Your first answer: ${firstChoice}`);
    await expect(groups.first().getByRole("radio").first()).toBeChecked();
    await expectNoAxeViolations(page, "stage 2 served by the baseline design");
    await groups.first().getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/done$/);

    expect(sent.map((x) => [x.status, x.body.stage])).toEqual([
      [201, 1],
      [201, 2],
    ]);
    expect(sent[1]!.body.idempotencyKey).not.toBe(sent[0]!.body.idempotencyKey);
    expect(Object.values(sent[1]!.body.payload.answers as Record<string, number>)[0]).toBe(1);
    await Promise.all([page.context().close(), api.dispose()]);
  });

  test("[TASK][STAGES] stage 1 answered, stage 2 revealed with the first answers shown and kept, one revised, sent as stage 2 under a new key", async ({ admin, page }) => {
    const { code, api } = await consented(admin, page);
    const questions = baselineUnit().questions.slice(0, 2);
    const stage1 = baselineUnit({ stages: 2, questions, context: { views: { c0: { type: "passage", paragraphs: ["Mira packed apples."] } }, defaultView: "c0", layout: "tabs" } });
    const longer = "Later that day, Ines hid one apple in the green basket while Tomas was away.";
    const stage2 = { ...stage1, stage: 2, context: { views: { c2000: { type: "passage", paragraphs: ["Mira packed apples.", longer] } }, defaultView: "c2000", layout: "tabs" }, previous: { answers: { [ids[0]!]: 0, [ids[1]!]: ["Mira"] } } };
    const submits = await stubTaskApi(page, code, [unitNext(stage1, 0, 1), unitNext(stage2, 0, 1), noneLeft]);
    await openTask(page, code);
    await expect(question(page, 1)).toBeVisible();
    await expect(page.getByText(longer)).toHaveCount(0);
    await page.keyboard.press("1");
    await question(page, 2).getByRole("checkbox", { name: "Mira" }).check();
    await page.getByRole("button", { name: "Submit" }).click();

    // the reveal: same unit, progress unchanged, focus on the context heading, announced
    const heading = page.getByRole("heading", { level: 2, name: "Text 1 of 1" });
    await expect(heading).toBeFocused();
    await expect(page.getByText("Unit 1 of 1", { exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "More of the text is now shown" })).toBeVisible();
    await expect(page.getByText(longer)).toBeVisible();
    await expect(page.getByText(/keep each answer or change it/)).toBeVisible();
    await expect(question(page, 1)).toContainText("Your first answer: On the table");
    await expect(question(page, 2)).toContainText("Your first answer: Mira");
    await expect(question(page, 1).getByRole("radio", { name: "On the table" })).toBeChecked();
    await expect(question(page, 2).getByRole("checkbox", { name: "Mira" })).toBeChecked();
    await expectNoAxeViolations(page, "stage 2 of a staged unit");
    // revise question 2, keep question 1
    await question(page, 2).getByRole("checkbox", { name: "Ines" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/unavailable\?reason=none_left$/);

    expect(submits.map((s) => s.body.stage)).toEqual([1, 2]);
    expect(submits[0]!.body.payload.answers).toEqual({ [ids[0]!]: 0, [ids[1]!]: ["Mira"] });
    expect(submits[1]!.body.payload.answers).toEqual({ [ids[0]!]: 0, [ids[1]!]: ["Mira", "Ines"] });
    expect(submits[1]!.body.idempotencyKey).not.toBe(submits[0]!.body.idempotencyKey);
    // nothing of the unit is left in storage once both stages are stored
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sally:draft:")))).toEqual([]);
    await api.dispose();
  });

  test("[TASK][STAGES] a 409 stage_locked after a stage-1 submit loads stage 2 instead of failing", async ({ admin, page }) => {
    const { code, api } = await consented(admin, page);
    const stage1 = baselineUnit({ stages: 2, questions: baselineUnit().questions.slice(2, 3) });
    const stage2 = { ...stage1, stage: 2, previous: { answers: { [ids[2]!]: "yes" } } };
    const submits = await stubTaskApi(page, code, [unitNext(stage1, 0, 1), unitNext(stage2, 0, 1)], () => ({
      status: 409,
      json: { status: 409, title: "Conflict", code: "conflict", detail: "Your stage-1 answer is stored and cannot change.", reason: "stage_locked" },
    }));
    await openTask(page, code);
    await expect(question(page, 1)).toBeVisible();
    await page.keyboard.press("y");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "More of the text is now shown" })).toBeVisible();
    await expect(question(page, 1)).toContainText("Your first answer: Yes");
    expect(submits).toHaveLength(1);
    await api.dispose();
  });

  test("[TASK][CHECKLIST][SERVER] an annotator reviews a DIAMONDs sample: script and conversation side by side, the reference shown, help and a required comment per criterion", async ({ admin, browser }) => {
    const researcher = await createUser(admin, "researcher");
    const api = await signedInRequest(researcher.email, researcher.password);
    const { datasetId } = await importFile(api, DIAMONDS_REVIEW, unique("review"));
    const study = await createOpenStudy(api, {
      name: unique("review"),
      datasetId,
      design: "checklist",
      unitType: "question",
      n: 1,
      entryMode: "annotators",
      views: ["script", "conversation"],
      sampling: { kind: "random", k: 1, seed: 1 },
      config: {
        checklists: [
          {
            key: "script_answer",
            title: "Script and answer",
            criteria: [
              { key: "answerable", prompt: "Is the question answerable from the script?", answer: "yes_no", help: "Use the script only." },
              { key: "reasoning_sound", prompt: "Is the reasoning sound?", answer: "yes_partly_no", comment: "required" },
            ],
          },
        ],
      },
    });
    const annotator = await createUser(admin, "annotator");
    const page = await (await browser.newContext()).newPage();
    const sent: { status: number; body: StubbedSubmit["body"] }[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/submit")) sent.push({ status: r.status(), body: r.request().postDataJSON() as StubbedSubmit["body"] });
    });
    await uiSignIn(page, annotator.email, annotator.password);
    await expect(page).not.toHaveURL(/\/signin/);
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await consentWithKeyboard(page);
    await expect(page.getByRole("heading", { level: 3, name: "Script", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Conversation", exact: true })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByText("Reference answer")).toBeVisible();
    await expect(page.getByRole("heading", { level: 4, name: "Script and answer" })).toBeVisible();
    await expect(page.getByRole("group", { name: /answerable from the script/ })).toHaveAccessibleDescription(/Use the script only\./);
    await expectNoAxeViolations(page, "a checklist unit served by the checklist design");

    await page.keyboard.press("1");
    await page.keyboard.press("2");
    const sound = page.getByRole("group", { name: /^Is the reasoning sound\?/ });
    await expect(sound.getByRole("radio", { name: "Partly" })).toBeChecked();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(sound.getByText("Write a comment for this question.")).toBeVisible();
    await expect(sound.getByRole("textbox", { name: "Comment (required)" })).toBeFocused();
    await page.keyboard.type("The last step adds in the wrong order.");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/done$/);
    expect(sent.map((x) => x.status)).toEqual([201]);
    expect(sent[0]!.body.payload).toMatchObject({
      answers: { "script_answer.answerable": "yes", "script_answer.reasoning_sound": "partly" },
      comments: { "script_answer.reasoning_sound": "The last step adds in the wrong order." },
    });
    await Promise.all([page.context().close(), api.dispose()]);
  });

  test("[TASK][CHECKLIST] side-by-side views, help under the prompt, a required comment per criterion, expert notes labelled", async ({ admin, page }) => {
    const { code, api } = await consented(admin, page);
    const yesNo = [
      { value: "yes", label: "Yes" },
      { value: "no", label: "No" },
    ];
    const unit = baselineUnit({
      context: { views: { script: { type: "passage", paragraphs: ["Mira: packs 3 apples and 2 pears."] }, conversation: item.context }, defaultView: "script", layout: "side-by-side" },
      questions: [{ id: ids[3], kind: "numeric", prompt: item.questions[3]!.prompt, options: null, answer: false, reference: "5", reasoning: "3 apples + 2 pears." }],
      checks: [
        { key: "script.consistent", prompt: "Is the script consistent?", options: yesNo, help: "Quantities add up from one line to the next.", comment: "required", section: "Script and answer" },
        { key: "alignment.order", prompt: "Is the order of events kept?", options: yesNo, comment: "optional" },
      ],
      commentAllowed: true,
    });
    const submits = await stubTaskApi(page, code, [unitNext(unit, 0, 1), noneLeft]);
    await openTask(page, code);
    await expect(page.getByRole("heading", { level: 3, name: "Script" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Conversation", exact: true })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 4, name: "Script and answer" })).toBeVisible();
    const [script, conversation] = [page.getByRole("region", { name: "Script", exact: true }), page.getByRole("region", { name: "Conversation", exact: true })];
    const [a, b] = [await script.boundingBox(), await conversation.boundingBox()];
    expect(Math.abs(a!.y - b!.y), "side by side on a wide screen").toBeLessThan(5);
    await expect(page.getByText("Reference answer")).toBeVisible();
    await expect(page.getByText("3 apples + 2 pears.")).toBeVisible();
    const consistent = page.getByRole("group", { name: /^Is the script consistent\?/ });
    await expect(consistent).toHaveAccessibleDescription(/Quantities add up/);
    await expectNoAxeViolations(page, "a checklist unit");

    await page.keyboard.press("2");
    await page.keyboard.press("1");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(consistent.getByText("Write a comment for this question.")).toBeVisible();
    await expect(consistent.getByRole("textbox", { name: "Comment (required)" })).toBeFocused();
    await page.keyboard.type("Pears appear from nowhere.");
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/unavailable\?reason=none_left$/);
    expect(submits).toHaveLength(1);
    expect(submits[0]!.body.payload).toEqual({
      answers: { "script.consistent": "no", "alignment.order": "yes" },
      comments: { "script.consistent": "Pears appear from nowhere." },
    });
    await api.dispose();
  });

  test("[TASK][RATING] the answer to rate, a score by number key, penalties and a comment: payload { score, penalties, comment }", async ({ admin, page }) => {
    const { code, api } = await consented(admin, page);
    const unit = baselineUnit({
      questions: [{ id: ids[6], kind: "free_text", prompt: item.questions[6]!.prompt, options: null, answer: false, reference: "As a joke.", bonusPoints: ["mentions the joke"] }],
      rating: { answer: "She wanted to keep it for later.", scale: { min: 0, max: 1, step: 0.5 }, penalties: ["Contradicts the text", "Too vague"] },
      commentAllowed: true,
    });
    const submits = await stubTaskApi(page, code, [unitNext(unit, 0, 1), noneLeft]);
    await openTask(page, code);
    await expect(page.getByRole("region", { name: "The answer to rate" })).toContainText("She wanted to keep it for later.");
    await expect(page.getByText("Bonus points")).toBeVisible();
    await expectNoAxeViolations(page, "a rating unit");
    await page.keyboard.press("1");
    const score = page.getByRole("group", { name: /^Score, from 0 to 1/ });
    await expect(score.getByRole("radio", { name: "0", exact: true })).toBeChecked();
    // nothing else is unanswered, so focus has moved on to Submit; back to the score to change it
    await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
    await score.getByRole("radio", { name: "0", exact: true }).focus();
    await page.keyboard.press("2");
    await expect(score.getByRole("radio", { name: "0.5" })).toBeChecked();
    await page.getByRole("checkbox", { name: "Contradicts the text" }).check();
    await page.getByRole("textbox", { name: "Comment (optional)" }).fill("Not in the conversation.");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/unavailable\?reason=none_left$/);
    expect(submits[0]!.body.payload).toEqual({ score: 0.5, penalties: ["Contradicts the text"], comment: "Not in the conversation." });
    await api.dispose();
  });
});
