import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { goldLines as withWords, optionMarks } from "@/components/datasets/gold";
import en from "@/lib/i18n/messages/en.json";

// worded by the English catalog, as the console renders it; the kind is left out of comparisons
const words = createTranslator({ locale: "en", messages: en, namespace: "console.datasets.gold" });
const goldLines = (gold: unknown, hasOptions: boolean) => withWords(gold, hasOptions, words).map(({ label, value }) => ({ label, value }));

describe("optionMarks", () => {
  it("marks the gold option of a single choice and the others wrong", () => {
    expect(optionMarks(["a", "b", "c"], { kind: "single_choice", index: 1 })).toEqual(["wrong", "correct", "wrong"]);
  });

  it("marks a list answer's knowers, its known non-knowers, and leaves the rest unmarked when wrong ones are listed", () => {
    expect(optionMarks(["Ann", "Bob", "Cy"], { kind: "multi_select", values: ["Ann"], exclude: ["Bob"] })).toEqual(["correct", "wrong", null]);
    expect(optionMarks(["Ann", "Bob"], { kind: "multi_select", values: ["Ann"] })).toEqual(["correct", "wrong"]);
  });

  it("marks yes/no options case-insensitively and leaves unknown gold unmarked", () => {
    expect(optionMarks(["Yes", "No"], { kind: "yes_no", value: "no" })).toEqual(["wrong", "correct"]);
    expect(optionMarks(["x"], { weird: true })).toEqual([null]);
  });
});

describe("goldLines", () => {
  it("is empty for choices whose options carry the marks", () => {
    expect(goldLines({ kind: "single_choice", index: 0 }, true)).toEqual([]);
  });

  it("spells out yes/no (with the source's own wording), numeric, unanswerable and free-text gold", () => {
    expect(goldLines({ kind: "yes_no", value: "no", raw: "no:long" }, false)).toEqual([{ label: "Gold answer", value: "No (source: no:long)" }]);
    expect(goldLines({ kind: "numeric", value: 12.5 }, false)).toEqual([{ label: "Gold answer", value: "12.5" }]);
    expect(goldLines({ kind: "numeric", unanswerable: true }, false)).toEqual([{ label: "Gold answer", value: "Unanswerable" }]);
    expect(goldLines({ kind: "free_text", reference: "She is angry", bonusPoints: ["jealous"] }, false)).toEqual([
      { label: "Reference answer", value: "She is angry" },
      { label: "Bonus points", value: "jealous" },
    ]);
  });

  it("shows gold it cannot read as JSON rather than hiding it", () => {
    expect(goldLines({ kind: "mystery" }, false)).toEqual([{ label: "Gold answer", value: '{"kind":"mystery"}' }]);
  });
});
