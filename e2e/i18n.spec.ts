import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/a11y";
import { createOpenStudy, importFile, signedInRequest } from "./helpers/api";
import { enter, tabTo } from "./helpers/participant";
import { createUser, E2E, uiSignIn, unique } from "./support";

// A study in Chinese (Simplified), as CharToM-QA's human study ran: every word of Sally's own on
// the participant pages in Chinese, the benchmark's content as imported, the keyboard alone from
// consent to the completion code. And the language switcher, when the study allows it.

const FIXTURE = path.resolve(import.meta.dirname, "../tests/fixtures/generic/baseline-kinds.jsonl");

async function chineseStudy(admin: APIRequestContext, extra: Record<string, unknown> = {}) {
  const researcher = await createUser(admin, "researcher");
  const api = await signedInRequest(researcher.email, researcher.password);
  const { datasetId } = await importFile(api, FIXTURE, unique("kinds"));
  // two units: the single-choice question and the yes/no one, both answered by keys
  const study = await createOpenStudy(api, {
    name: unique("中文研究"),
    datasetId,
    design: "baseline",
    unitType: "question",
    n: 1,
    entryMode: "link",
    kinds: ["single_choice", "yes_no"],
    config: {},
    language: "zh",
    ...extra,
  });
  const { study: full } = (await (await api.get(`/api/studies/${study.id}`)).json()) as { study: { completionCode: string } };
  return { api, researcher, study, completionCode: full.completionCode };
}

/** Answers the unit on screen by keys alone: its choice by number, or yes/no by Y. */
async function answerByKeys(page: Page) {
  const radios = page.getByRole("radio");
  if ((await radios.count()) > 0) {
    await page.keyboard.press("2");
    await expect(radios.nth(1)).toBeChecked();
  } else {
    await page.keyboard.press("y");
    await expect(page.getByRole("button", { name: /^是/ })).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByRole("button", { name: "提交" })).toBeFocused();
  await page.keyboard.press("Enter");
}

test.describe("[I18N]", () => {
  test("[I18N] a Chinese study runs end to end by keyboard: consent, two units, done with the completion code; html lang, titles and axe", async ({ admin, browser }) => {
    const { api, study, completionCode } = await chineseStudy(admin);
    const page = await (await browser.newContext()).newPage();
    await enter(page, `${E2E.baseURL}/s/${study.code}`);

    await expect(page).toHaveURL(/\/consent$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page).toHaveTitle(/^欢迎/);
    await expect(page.getByText("欢迎参加本研究")).toBeVisible();
    await expect(page.getByRole("heading", { name: "关于本研究" })).toBeVisible();
    await expect(page.getByText("最多 2 个单元")).toBeVisible();
    // no switcher: this study does not allow one
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await expectNoAxeViolations(page, "the Chinese consent page");
    // Continue without ticking: the error is ours, in Chinese
    await tabTo(page, page.getByRole("button", { name: "继续" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "请勾选方框表示同意" })).toBeVisible();
    const box = page.getByRole("checkbox", { name: "我已阅读说明，并同意参加" });
    await expect(box).toBeFocused();
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "继续" }));
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/task$/);
    await expect(page).toHaveTitle(/^任务/);
    await expect(page.getByRole("heading", { level: 2, name: "对话 1 / 2", exact: true })).toBeVisible();
    await expect(page.getByText("第 1 个单元，共 2 个", { exact: true })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "第 1 个单元，共 2 个；已完成 0 个");
    await expect(page.getByRole("button", { name: "提交" })).toBeVisible();
    await expect(page.getByRole("button", { name: "到此为止" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "您的回答" })).toBeVisible();
    // the benchmark's content stays as imported
    await expect(page.getByText("I packed three apples and two pears for the picnic.")).toBeVisible();
    await expectNoAxeViolations(page, "the Chinese task page");
    // the stop dialog asks in Chinese; Escape keeps working
    await page.getByRole("button", { name: "到此为止" }).click();
    const dialog = page.getByRole("dialog", { name: "到此为止？" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "继续作答" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.locator("h1").click();
    // Enter before answering: the missing answer is named in Chinese
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "提交前请回答所有问题" })).toBeVisible();
    await answerByKeys(page);

    await expect(page.getByRole("heading", { level: 2, name: "对话 2 / 2", exact: true })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "您的回答已保存。" })).toBeVisible();
    await answerByKeys(page);

    await expect(page).toHaveURL(/\/done$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page).toHaveTitle(/^谢谢/);
    await expect(page.getByRole("heading", { level: 1, name: "谢谢您！" })).toBeVisible();
    await expect(page.getByText("您共完成了 2 个单元")).toBeVisible();
    await expect(page.getByRole("heading", { name: "您的完成码" })).toBeVisible();
    await expect(page.getByText(completionCode, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "复制完成码" })).toBeVisible();
    await expectNoAxeViolations(page, "the Chinese done page");

    // the accessibility statement the footer links to is in the study's language, with the test suite's list marked English
    await page.getByRole("link", { name: "无障碍说明" }).click();
    await expect(page).toHaveURL(new RegExp(`/accessibility\\?study=${study.code}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("heading", { level: 1, name: "无障碍说明" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "告诉我们您遇到的障碍" })).toBeVisible();
    await expect(page.locator("tbody")).toHaveAttribute("lang", "en");
    await expectNoAxeViolations(page, "the Chinese accessibility statement");

    // a page that turns the participant away is in the study's language too
    await page.goto(`${E2E.baseURL}/s/${study.code}/unavailable?reason=paused`);
    await expect(page.getByRole("heading", { level: 1, name: "这项研究已暂停" })).toBeVisible();
    await expect(page.getByRole("link", { name: "重试" })).toBeVisible();
    await Promise.all([page.context().close(), api.dispose()]);
  });

  test("[I18N] a Chinese validation study words its answer-key checks in Chinese, and keeps the researcher's flag as written", async ({ admin, browser }) => {
    const { api, study } = await chineseStudy(admin, {
      design: "validation",
      kinds: ["single_choice"],
      config: { contextChecks: { flags: [{ key: "incoherent", label: "对话不连贯" }] }, answerKey: true },
    });
    const page = await (await browser.newContext()).newPage();
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await page.getByRole("checkbox", { name: "我已阅读说明，并同意参加" }).check();
    await page.getByRole("button", { name: "继续" }).click();
    await expect(page).toHaveURL(/\/task$/);
    const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "您的回答" }) });
    // one row per option: the marked one asks whether it is correct, the others whether they are wrong
    await expect(form.getByRole("group", { name: /^选项 [A-D]（标记的答案）：它正确吗？/ })).toHaveCount(1);
    await expect(form.getByRole("group", { name: /^选项 [A-D]：它是错误的吗？/ })).not.toHaveCount(0);
    const broken = form.getByRole("group", { name: /^这个问题没有问题，还是有错误或含义不清？/ });
    await expect(broken.getByRole("radio", { name: "没有问题" })).toBeVisible();
    await expect(broken.getByRole("radio", { name: "有错误" })).toBeVisible();
    // the flag is the researcher's words; only its "fine" answer is Sally's
    const flag = form.getByRole("group", { name: /^对话不连贯？|^对话不连贯\?/ });
    await expect(flag.getByRole("radio", { name: "没有问题" })).toBeVisible();
    // nothing of Sally's is left in English in the answers
    await expect(form).not.toContainText(/is it correct|is it wrong|Correct|Wrong|Fine|Broken/);
    await expectNoAxeViolations(page, "a Chinese validation task page");
    await Promise.all([page.context().close(), api.dispose()]);
  });

  test("[I18N] when the study allows it, a labelled switcher changes the language, and the choice survives a reload", async ({ admin, browser }) => {
    const { api, researcher, study } = await chineseStudy(admin, { allowLanguageSwitch: true });
    const page = await (await browser.newContext()).newPage();
    await enter(page, `${E2E.baseURL}/s/${study.code}`);
    await expect(page).toHaveURL(/\/consent$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");

    const switcher = page.getByRole("combobox", { name: "语言" });
    await expect(switcher).toHaveValue("zh");
    // each language is named in itself, marked with its own lang
    await expect(switcher.locator("option[value=en]")).toHaveAttribute("lang", "en");
    await expect(switcher.locator("option[value=zh]")).toHaveAttribute("lang", "zh-Hans");
    await expectNoAxeViolations(page, "a consent page with the language switcher");
    // reachable with the keyboard; Arrow keys change a native select in Chromium on Linux
    await tabTo(page, switcher);
    await page.keyboard.press("ArrowUp");

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("checkbox", { name: "I have read the instructions and agree to take part" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Welcome to the study")).toBeVisible();

    // the choice follows the participant onto the task page
    await page.getByRole("checkbox", { name: "I have read the instructions and agree to take part" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/task$/);
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    await expect(page.getByText("Unit 1 of 2", { exact: true })).toBeVisible();

    // and back to Chinese mid-task: the unit stays, the chrome changes
    await page.getByRole("combobox", { name: "Language" }).selectOption("zh");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expect(page.getByRole("button", { name: "提交" })).toBeVisible();
    await expect(page.getByText("第 1 个单元，共 2 个", { exact: true })).toBeVisible();

    // the researcher's console stays English in the same browser
    await uiSignIn(page, researcher.email, researcher.password);
    await expect(page).not.toHaveURL(/\/signin/);
    await page.goto(`${E2E.baseURL}/studies`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Studies" })).toBeVisible();
    await Promise.all([page.context().close(), api.dispose()]);
  });
});
