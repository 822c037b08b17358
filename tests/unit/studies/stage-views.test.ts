import { describe, expect, it } from "vitest";
import { settingsSchema } from "@/lib/designs/settings";
import { stageViews } from "@/lib/designs/views";

// Which views of a context leave the server for a participant.
const passage = (text: string) => ({ type: "passage" as const, paragraphs: [text] });
const context = { views: { structure: passage("s"), infilled: passage("i") }, defaultView: "structure" };
const study = (settings: Record<string, unknown>) => ({ settings: settingsSchema.parse(settings) });

describe("stageViews", () => {
  it("without a chosen view: every view, or for a baseline (unchosen: default) the default view alone, which its results are labelled by", () => {
    expect(Object.keys(stageViews(context, study({}), 1).views)).toEqual(["structure", "infilled"]);
    expect(stageViews(context, study({}), 1, { unchosen: "default" })).toEqual({ views: { structure: passage("s") }, defaultView: "structure" });
  });

  it("a chosen view wins, and a stage's view is the only one sent", () => {
    expect(Object.keys(stageViews(context, study({ view: "infilled" }), 1, { unchosen: "default" }).views)).toEqual(["infilled"]);
    const staged = study({ stages: [{ view: "structure" }, { view: "infilled" }] });
    expect(Object.keys(stageViews(context, staged, 2).views)).toEqual(["infilled"]);
  });
});
