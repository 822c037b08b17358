import { describe, expect, it } from "vitest";
import { checklistConfigSchema, defaultChecklistConfig } from "@/lib/designs/checklist/config";
import { criteriaOf, wireCheck } from "@/lib/designs/checklist/criteria";
import { checklistResponseSchema } from "@/lib/designs/checklist/response";

const config = checklistConfigSchema.parse({
  checklists: [
    {
      key: "sa",
      title: "Script and answer",
      criteria: [
        { key: "answerable", prompt: "Answerable?", comment: "required", help: "Read the script first." },
        { key: "quality", prompt: "Quality?", answer: "scale_1_5", comment: "none" },
      ],
    },
  ],
  comment: false,
});
const criteria = criteriaOf(config);
const schema = checklistResponseSchema(criteria, config.comment);

describe("checklist criteria on the wire", () => {
  it("keys criteria <checklist>.<criterion>, with options, help, comment rule and the checklist's title", () => {
    expect(criteria.map(wireCheck)).toEqual([
      { key: "sa.answerable", kind: "criterion", prompt: "Answerable?", options: [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }], section: "Script and answer", help: "Read the script first.", comment: "required" },
      expect.objectContaining({ key: "sa.quality", options: expect.arrayContaining([{ value: "3", label: "3" }]), section: "Script and answer" }),
    ]);
    expect(wireCheck(criteria[1]!)).not.toHaveProperty("comment");
  });

  it("defaults to the DIAMONDs checklists", () => {
    expect(criteriaOf(defaultChecklistConfig()).map((c) => c.key)).toContain("script_conversation.key_information_kept");
  });
});

describe("a checklist response", () => {
  it("accepts every criterion answered, with the required comment", () => {
    expect(schema.safeParse({ answers: { "sa.answerable": "no", "sa.quality": "4" }, comments: { "sa.answerable": "The script never says." } }).success).toBe(true);
  });

  it("refuses a missing criterion, an unknown option, a missing required comment, a comment where none is asked, and a unit comment the study does not allow", () => {
    const ok = { answers: { "sa.answerable": "yes", "sa.quality": "4" }, comments: { "sa.answerable": "fine" } };
    for (const bad of [
      { ...ok, answers: { "sa.answerable": "yes" } },
      { ...ok, answers: { ...ok.answers, "sa.quality": "6" } },
      { ...ok, comments: {} },
      { answers: ok.answers },
      { ...ok, comments: { ...ok.comments, "sa.quality": "x" } },
      { ...ok, comment: "overall" },
      { ...ok, answers: { ...ok.answers, "sa.extra": "yes" } },
    ]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
