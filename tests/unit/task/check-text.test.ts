import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { localCheck } from "@/components/task/check-text";
import { designOf, type Check, type UnitCtx } from "@/lib/designs";
import { descriptorOf } from "@/lib/designs/client";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

// the checks as the server sends them, through the designs' registry (what adjudication lists)
async function serverChecks(kind: string, input: unknown, questions: unknown[] = []): Promise<Check[]> {
  const config = descriptorOf(kind)!.config.parse(input);
  return designOf(kind).adjudicable!({ study: { config }, questions: async () => questions } as unknown as UnitCtx<unknown>);
}
const questions = [
  { id: "q1", kind: "single_choice", prompt: "Where?", options: ["here", "there", "nowhere"], gold: { kind: "single_choice", index: 1 } },
  { id: "q2", kind: "yes_no", prompt: "Does she know?", options: null, gold: { kind: "yes_no", value: "no" } },
];
const validation = await serverChecks(
  "validation",
  {
    contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }, { key: "odd", label: "Odd (strange)" }] },
    answerKey: true,
    labelJudgement: { prompt: "Which kind?", labels: [{ key: "a", label: "Kind A" }, { key: "b", label: "Kind B", rejects: true }] },
  },
  questions,
);
const checklist = await serverChecks("checklist", {
  checklists: [{ key: "c", title: "C", criteria: ["yes_no", "yes_partly_no", "yes_no_na", "scale_1_5"].map((answer, i) => ({ key: `k${i}`, prompt: `Criterion ${i}`, answer })) }],
});

const translate = (messages: typeof en, locale: string) => createTranslator({ locale, messages, namespace: "task.checks" }) as unknown as (key: string, values?: Record<string, string>) => string;

describe("a check's own words on the participant's page", () => {
  it("in English, are the words the server wrote, for every kind of check (so the English page does not change)", () => {
    const t = translate(en, "en");
    for (const check of [...validation, ...checklist]) expect(localCheck(check, t)).toEqual(check);
  });

  it("in Chinese, are Sally's words translated, and the researcher's (flags, labels, criteria) kept as written", () => {
    const t = translate(zh, "zh");
    const shown = [...validation, ...checklist].map((c) => localCheck(c, t));
    const byKey = new Map(shown.map((c) => [c.key, c]));
    expect(byKey.get("q:q1:opt:1")!.prompt).toBe("选项 B（标记的答案）：它正确吗？");
    expect(byKey.get("q:q1:opt:0")!.prompt).toBe("选项 A：它是错误的吗？");
    expect(byKey.get("q:q2:reference")).toMatchObject({ prompt: "参考答案正确吗？", subjectLabel: "参考答案", subject: "no" });
    expect(byKey.get("q:q2:broken")!.options.map((o) => o.label)).toEqual(["没有问题", "有错误"]);
    // a flag: its name and the prompt are the researcher's; "Fine" is Sally's
    expect(byKey.get("flag:odd")).toMatchObject({ prompt: "Odd (strange)?", options: [{ value: "no", label: "没有问题" }, { value: "yes", label: "Odd" }] });
    expect(byKey.get("label")).toEqual(validation.find((c) => c.key === "label"));
    expect(byKey.get("c.k3")!.options.map((o) => o.description ?? null)).toEqual(["很差", null, null, null, "很好"]);
    // no English word of Sally's is left in what the answer-key rows and criteria say
    const ours = shown.filter((c) => c.kind !== "flag" && c.kind !== "label");
    for (const c of ours) {
      const words = [...(c.kind === "criterion" ? [] : [c.prompt]), ...c.options.map((o) => o.label), ...c.options.map((o) => o.description ?? ""), c.subjectLabel ?? ""];
      for (const w of words) expect(w.replace(/\b[A-Z]\b|[0-9]/g, ""), `${c.key}: ${w}`).not.toMatch(/[A-Za-z]/);
    }
  });
});
