import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { describeRange, formatInterval } from "@/components/charts/describe";
import en from "@/lib/i18n/messages/en.json";
import { sortRows } from "@/components/studies/quality/sort";
import type { QualityRow } from "@/lib/studies/quality";

function row(pseudonym: string, over: Partial<QualityRow> = {}): QualityRow {
  return {
    participantId: pseudonym, pseudonym, externalId: null, status: "active", statusReason: null, units: 1, medianSeconds: null, tooFast: false,
    agreementWithMajority: null, agreementUnits: null, goldAnswered: 0, goldAccuracy: null, failedAttention: 0, pastes: 0, focusLosses: 0, nearDuplicates: 0, confusion: {},
    ...over,
  };
}

// the English catalog's own wording, as the console renders it
const range = createTranslator({ locale: "en", messages: en, namespace: "console.charts.range" });

describe("a chart's accessible summary", () => {
  it("names the lowest and highest figures with their labels, leaving out undefined ones", () => {
    const text = describeRange(range, "Human accuracy", [
      { label: "belief, first order", value: 0.91 },
      { label: "false belief", value: 0.42 },
      { label: "no answers", value: null },
      { label: "desire, second order", value: 0.6 },
    ]);
    expect(text).toBe("Human accuracy ranges from 42% (false belief) to 91% (belief, first order) across 3 categories.");
  });

  it("says so when there is one figure or none", () => {
    expect(describeRange(range, "Pass rate", [{ label: "answerable", value: 0.5 }])).toBe("Pass rate is 50% (answerable).");
    expect(describeRange(range, "Pass rate", [{ label: "answerable", value: null }])).toBe("Pass rate: no figures yet.");
  });

  it("writes intervals as [low, high], and a missing one as a dash", () => {
    expect(formatInterval([0.381, 0.472])).toBe("[38%, 47%]");
    expect(formatInterval(null)).toBe("—");
  });
});

describe("sorting the quality table", () => {
  const rows = [row("c", { goldAccuracy: 0.5, units: 3 }), row("a", { goldAccuracy: null, units: 3 }), row("b", { goldAccuracy: 0.9, units: 1 })];

  it("orders by a figure either way, with missing figures last both ways", () => {
    expect(sortRows(rows, "goldAccuracy", "ascending").map((r) => r.pseudonym)).toEqual(["c", "b", "a"]);
    expect(sortRows(rows, "goldAccuracy", "descending").map((r) => r.pseudonym)).toEqual(["b", "c", "a"]);
  });

  it("orders names alphabetically and keeps ties in their order", () => {
    expect(sortRows(rows, "pseudonym", "ascending").map((r) => r.pseudonym)).toEqual(["a", "b", "c"]);
    expect(sortRows(rows, "units", "descending").map((r) => r.pseudonym)).toEqual(["c", "a", "b"]);
  });
});
