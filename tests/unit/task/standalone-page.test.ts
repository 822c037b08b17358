import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TaskPageInput } from "@/components/task/standalone/server";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { PARTICIPANT_CLIENT_NAMESPACES, pickNamespaces } from "@/lib/i18n/namespaces";

// The task page's HTML as components/task/standalone/server.tsx renders it (the route serves this
// string): the root layout's and the participant layout's markup, the nonce on our one script,
// data that cannot break out of its script element, and instructions whose raw HTML is dropped.
// The esbuild bundle swaps next-intl for use-intl and next/navigation for plain page loads; so does this test.
vi.mock("next-intl", async () => await import("use-intl"));
vi.mock("next/navigation", async () => await import("@/components/task/standalone/navigation"));

let render: (input: TaskPageInput) => string;
beforeAll(async () => {
  vi.stubGlobal("TASK_PAGE_ASSETS", { script: "/task-assets/task-abc.js", css: "/task-assets/task-def.css" });
  render = (await import("@/components/task/standalone/server")).renderTaskPage;
});

function input(over: Partial<TaskPageInput["data"]> = {}, instructions = ""): TaskPageInput {
  return {
    data: { locale: "en", messages: pickNamespaces(en, PARTICIPANT_CLIENT_NAMESPACES), code: "c0de", studyName: "A study", platform: null, allowLanguageSwitch: false, ...over },
    instructions,
    title: "Task · Sally",
    description: "about",
    skipToContent: "Skip to content",
    accessibility: "Accessibility",
    nonce: "bm9uY2U=",
  };
}

/** The data script's text, parsed as the browser bundle parses it. */
function dataOf(html: string): unknown {
  const m = /<script type="application\/json" id="task-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}

describe("the task page's HTML", () => {
  it("is a whole document: lang, title, the stylesheet, the skip link first, header, main#main with the task, the footer link", () => {
    const html = render(input());
    expect(html.startsWith("<!DOCTYPE html><html lang=\"en\">")).toBe(true);
    expect(html).toContain("<title>Task · Sally</title>");
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<link rel="stylesheet" href="/task-assets/task-def.css"/>');
    expect(html.indexOf('<a href="#main"')).toBeLessThan(html.indexOf("<header"));
    expect(html).toMatch(/<main id="main" class="mx-auto max-w-7xl px-4 py-6 sm:py-8"><div class="space-y-5">.*<h1[^>]*>A study<\/h1>/s);
    expect(html).toContain('role="status"');
    expect(html).toContain('<a href="/accessibility?study=c0de"');
    // no switcher unless the study allows one
    expect(html).not.toContain("<select");
  });

  it("loads one script, ours, with this response's nonce (the CSP allows nothing else)", () => {
    const html = render(input());
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual(['<script src="/task-assets/task-abc.js" defer="" nonce="bm9uY2U=">', '<script type="application/json" id="task-data">']);
  });

  it("speaks the participant's language: html lang zh-Hans, the chrome in Chinese, the switcher when allowed", () => {
    const html = render(input({ locale: "zh", messages: pickNamespaces(zh, PARTICIPANT_CLIENT_NAMESPACES), allowLanguageSwitch: true }));
    expect(html.startsWith('<!DOCTYPE html><html lang="zh-Hans">')).toBe(true);
    expect(html).toContain(zh.task.stopHere);
    expect(html).toMatch(/<select id="[^"]+"[^>]*><option value="en" lang="en">English<\/option><option value="zh" lang="zh-Hans" selected="">/);
  });

  it("hands the browser its data in a script element a study name cannot close", () => {
    const name = "</script><script>alert(1)</script> & \u2028";
    const html = render(input({ studyName: name }));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const data = dataOf(html) as { studyName: string; messages: unknown; code: string };
    expect(data.studyName).toBe(name);
    expect(data.code).toBe("c0de");
    expect(data.messages).toEqual(pickNamespaces(en, PARTICIPANT_CLIENT_NAMESPACES));
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)");
  });

  it("renders the instructions' Markdown on the server, with raw HTML dropped and unsafe links removed, and sends the same HTML to hydrate", () => {
    const html = render(input({}, "# Read me\n\n<img src=x onerror=alert(1)> *carefully* [bad](javascript:alert(1)) [good](https://example.org)"));
    expect(html).toContain('<h2 class="mt-6 text-xl font-semibold first:mt-0">Read me</h2>');
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="https://example.org"');
    const data = dataOf(html) as { instructionsHtml: string };
    expect(html).toContain(`<div class="text-base leading-7 ">${data.instructionsHtml}</div>`);
  });

  it("has no instructions box when the study has no instructions", () => {
    expect(render(input({}, "  \n")).includes("<details")).toBe(false);
    expect((dataOf(render(input())) as { instructionsHtml: unknown }).instructionsHtml).toBeNull();
  });
});
