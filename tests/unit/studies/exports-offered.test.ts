import { describe, expect, it } from "vitest";
import { DESIGN_KINDS } from "@/lib/designs";
import { defaultSettings } from "@/lib/designs/settings";
import { EXPORT_FORMATS, exportsOf, offersExport } from "@/lib/studies/exports/offered";

// Which downloads the study page offers, per design: each design gets the files it produces and
// none it does not (a listed link must never answer 404).

const COMMON = ["release", "responses-csv", "responses-parquet", "responses-jsonl", "manifest"];
const EXPECTED: Record<string, string[]> = {
  validation: ["release", "validated", "responses-csv", "responses-parquet", "responses-jsonl", "decisions-csv", "decisions-parquet", "manifest"],
  checklist: ["release", "validated", "responses-csv", "responses-parquet", "responses-jsonl", "decisions-csv", "decisions-parquet", "manifest"],
  baseline: ["release", "responses-csv", "responses-parquet", "responses-jsonl", "scored-csv", "scored-parquet", "manifest"],
  rating: ["release", "responses-csv", "responses-parquet", "responses-jsonl", "ratings-csv", "correlations-csv", "scatter-svg", "manifest"],
};

const study = (design: string, bonus: boolean) => ({
  design,
  settings: { ...defaultSettings(), bonus: bonus ? { perValidUnit: 0.1, gold: null } : null },
});

describe("exports offered per design", () => {
  it("covers every design in the registry", () => {
    expect([...DESIGN_KINDS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const design of Object.keys(EXPECTED)) {
    it(`${design}: exactly its own files, in the page's order, each with a label and a detail`, () => {
      const list = exportsOf(study(design, false));
      expect(list.map((e) => e.format)).toEqual(EXPECTED[design]);
      for (const e of list) {
        expect(e.label.length).toBeGreaterThan(3);
        expect(e.detail.length).toBeGreaterThan(10);
      }
      expect(new Set(list.map((e) => e.label)).size).toBe(list.length);
      for (const format of EXPORT_FORMATS) expect(offersExport(study(design, false), format), format).toBe(EXPECTED[design]!.includes(format));
    });

    it(`${design}: the Prolific bonus CSV only when the study pays a bonus, before the manifest`, () => {
      expect(offersExport(study(design, false), "bonus-csv")).toBe(false);
      const formats = exportsOf(study(design, true)).map((e) => e.format);
      expect(formats.slice(-2)).toEqual(["bonus-csv", "manifest"]);
    });
  }

  it("every study has the release, the raw responses in three formats and the manifest; Parquet beside each CSV table", () => {
    for (const design of DESIGN_KINDS) {
      const formats = exportsOf(study(design, true)).map((e) => e.format as string);
      expect(formats).toEqual(expect.arrayContaining(COMMON));
      for (const f of formats.filter((f) => /^(responses|scored|decisions)-csv$/.test(f))) expect(formats).toContain(f.replace("-csv", "-parquet"));
    }
  });
});
