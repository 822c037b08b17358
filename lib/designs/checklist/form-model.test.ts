import { describe, expect, it } from "vitest";
import { checklistConfigSchema, defaultChecklistConfig } from "@/lib/designs/checklist/config";
import {
  blankChecklist,
  checklistConfigOf,
  checklistDraftFrom,
  checklistFieldName,
  checklistReason,
  emptyChecklistDraft,
  reprompt,
  retitle,
  withDiamondsChecklists,
} from "@/lib/designs/checklist/form-model";

describe("the checklist section's draft", () => {
  it("starts as the design's default (DIAMONDs' two checklists)", () => {
    expect(checklistConfigSchema.parse(checklistConfigOf(emptyChecklistDraft()))).toEqual(defaultChecklistConfig());
  });

  it("round-trips a stored config", () => {
    const config = checklistConfigSchema.parse({
      checklists: [{ key: "sanity", title: "Sanity", criteria: [{ key: "clear", prompt: "Is it clear?", answer: "scale_1_5", comment: "required", help: "5 is very clear" }] }],
      comment: false,
      reasoningFields: ["why"],
      rule: { tiePolicy: "reject" },
    });
    expect(checklistConfigSchema.parse(checklistConfigOf(checklistDraftFrom(config)))).toEqual(config);
  });

  it("reads a config it cannot parse as the default draft", () => {
    expect(checklistDraftFrom({ checklists: "no" })).toEqual(emptyChecklistDraft());
  });

  it("lets keys follow titles and prompts until edited", () => {
    const list = retitle(blankChecklist("c", "k"), "Script and answer");
    expect(list.key).toBe("script_and_answer");
    expect(retitle({ ...list, key: "mine", keyEdited: true }, "Other").key).toBe("mine");
    expect(reprompt(list.criteria[0]!, "Is the answer correct?").key).toBe("is_the_answer_correct");
  });

  it("names a blank criterion's fields at their config path, and the preset gives fresh ids", () => {
    const draft = emptyChecklistDraft();
    const blank = { ...draft, checklists: [...draft.checklists, blankChecklist("new", "new-c")] };
    const paths = checklistConfigSchema.safeParse(checklistConfigOf(blank)).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["checklists.2.key", "checklists.2.title", "checklists.2.criteria.0.key", "checklists.2.criteria.0.prompt"]));
    const again = withDiamondsChecklists(draft);
    const ids = [...draft.checklists, ...again.checklists].flatMap((c) => [c.id, ...c.criteria.map((cr) => cr.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(checklistConfigOf(again)).toEqual(checklistConfigOf(draft));
  });

  it("words its fields for the error summary", () => {
    expect(checklistFieldName("config.checklists.1.criteria.0.prompt")).toBe("Checklist 2, criterion 1 prompt");
    expect(checklistFieldName("config.checklists.0.title")).toBe("Checklist 1 title");
    expect(checklistFieldName("config.checklists.0.criteria")).toBe("Checklist 1 criteria");
    expect(checklistReason("config.checklists.0.criteria.3.prompt")).toBe("Write the criterion.");
    expect(checklistFieldName("sampling.k")).toBeNull();
  });
});
