import { describe, expect, it } from "vitest";
import { formatCounts, formatFigure, formatSeconds, formatShare, noteFor, reasonLabel, shownNotes } from "@/components/studies/format";
import { pageOf } from "@/lib/studies/paging";
import { uniqueNames } from "@/components/studies/queue-names";

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

describe("dashboard formatting", () => {
  it("shows agreement figures with 3 decimals and undefined ones as a dash", () => {
    expect(formatFigure(0.41234)).toBe("0.412");
    expect(formatFigure(-0.05)).toBe("-0.050");
    expect(formatFigure(1)).toBe("1.000");
    expect(formatFigure(null)).toBe("—");
    expect(formatShare(2 / 3)).toBe("66.7%");
    expect(formatShare(null)).toBe("—");
  });

  it("writes vote counts in the check's option order, skipping zeros, unknown answers last", () => {
    expect(formatCounts({ no: 1, yes: 2 }, YES_NO)).toBe("Yes 2 · No 1");
    expect(formatCounts({ no: 3, yes: 0 }, YES_NO)).toBe("No 3");
    expect(formatCounts({ maybe: 1, yes: 1 }, YES_NO)).toBe("Yes 1 · maybe 1");
    expect(formatCounts({}, YES_NO)).toBe("no votes");
  });

  it("writes durations for people", () => {
    expect(formatSeconds(null)).toBe("—");
    expect(formatSeconds(42.4)).toBe("42 s");
    expect(formatSeconds(185)).toBe("3 min 05 s");
    expect(formatSeconds(3720)).toBe("1 h 02 min");
  });

  it("names the reasons a unit was rejected with the design's words, else its code", () => {
    const labels = { "flag:unsafe": "flagged Unsafe" };
    expect(reasonLabel("flag:unsafe", labels)).toBe("flagged Unsafe");
    expect(reasonLabel("something_new", labels)).toBe("something_new");
  });

  it("pages 5,000 queue items into clamped pages", () => {
    expect(pageOf(5000, 2, 50)).toEqual({ page: 2, pages: 100 });
    expect(pageOf(5001, 2.7, 50)).toEqual({ page: 2, pages: 101 });
    expect(pageOf(5000, 999, 50).page).toBe(100);
    expect(pageOf(5000, Number.NaN, 50).page).toBe(1);
    expect(pageOf(0, 3, 50)).toEqual({ page: 1, pages: 1 });
  });
});

describe("adjudication item names", () => {
  it("are unique on the page, numbering checks that read the same", () => {
    const a = { ordinal: 5, prompt: "Is the marked answer correct?", subject: "In the car" };
    expect(uniqueNames([a, { ordinal: 1, prompt: "Incoherent?", subject: null }, a])).toEqual([
      "Unit #5: Is the marked answer correct? “In the car”",
      "Unit #1: Incoherent?",
      "Unit #5: Is the marked answer correct? “In the car” (2)",
    ]);
  });
});

describe("agreement notes", () => {
  it("keep the notes about the shown figures and find the one for each figure", () => {
    const notes = ["1 of 10 units have a single rating", "Fleiss' κ needs the same number of raters per unit", "Gwet's AC1: only one category", "Cohen's κ: needs exactly 2 raters"];
    expect(shownNotes(notes)).toEqual(notes.slice(0, 2));
    expect(noteFor(notes, "fleiss")).toBe(notes[1]);
    expect(noteFor(notes, "alpha")).toBeUndefined();
  });
});
