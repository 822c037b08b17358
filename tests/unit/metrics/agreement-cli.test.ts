import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { agreementCommand } from "@/lib/cli/agreement";
import { commands } from "@/lib/cli/commands";
import { dawidSkene, encodeRatings } from "@/lib/metrics";
import { fromTable, KRIPPENDORFF_2011 } from "./fixtures";

const dir = mkdtempSync(path.join(tmpdir(), "sally-agreement-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function csv(text: string): string {
  const file = path.join(dir, `${++n}.csv`);
  writeFileSync(file, text);
  return file;
}

let log: MockInstance<typeof console.log>;
let error: MockInstance<typeof console.error>;
beforeEach(() => {
  log = vi.spyOn(console, "log").mockImplementation(() => {});
  error = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const stdout = () => log.mock.calls.map((c) => c.join(" ")).join("\n");
const stderr = () => error.mock.calls.map((c) => c.join(" ")).join("\n");
const lastJson = () => JSON.parse(stdout().trim().split("\n").at(-1)!) as Record<string, unknown>;

// Krippendorff (2011) section C as long-format CSV, columns in another order plus an ignored column.
const k2011 = "label,note,rater,unit\n" + fromTable(KRIPPENDORFF_2011).map((r) => `${r.label},"a, b",${r.rater},${r.unit}`).join("\n") + "\n";

describe("sally agreement", () => {
  it("is registered in the command table", () => {
    expect(commands.agreement).toBe(agreementCommand);
  });

  it("prints, as its last line, one JSON object with exactly the documented keys", async () => {
    expect(await agreementCommand.run([csv(k2011), "--json"])).toBe(0);
    const out = lastJson();
    expect(Object.keys(out)).toEqual(["units", "raters", "ratings", "percentAgreement", "fleissKappa", "krippendorffAlpha", "gwetAC1", "cohenKappa", "weightedKappa", "majority", "notes"]);
    expect(out).toMatchObject({ units: 12, raters: 4, ratings: 41, fleissKappa: null, cohenKappa: null, weightedKappa: null });
    expect(out.krippendorffAlpha).toBeCloseTo(0.743, 3);
    expect(typeof out.percentAgreement).toBe("number");
    expect(typeof out.gwetAC1).toBe("number");
    // majority: units 1–5, 7–12 have a plurality; unit 6 (1, 2, 3, 4) is a four-way tie
    expect(out.majority).toEqual({ withMajority: 11, ties: 1 });
    expect(out.notes).toEqual(
      expect.arrayContaining(["Fleiss' κ needs the same number of raters per unit; unit counts differ, see α", expect.stringContaining("Cohen's κ"), "weighted κ: needs exactly 2 raters; there are 4"]),
    );
  });

  it("uses --level for Krippendorff's α (interval 0.849 on the 2011 data)", async () => {
    expect(await agreementCommand.run([csv(k2011), "--level", "interval", "--json"])).toBe(0);
    expect(lastJson().krippendorffAlpha).toBeCloseTo(0.849, 3);
  });

  it("reports Cohen's κ for exactly two raters (Wikipedia's 20/5/10/15 table: 0.4)", async () => {
    const pairs = [...Array(20).fill("y,y"), ...Array(5).fill("y,n"), ...Array(10).fill("n,y"), ...Array(15).fill("n,n")] as string[];
    const body = pairs.flatMap((p, i) => [`u${i},A,${p.split(",")[0]}`, `u${i},B,${p.split(",")[1]}`]).join("\n");
    expect(await agreementCommand.run([csv(`unit,rater,label\n${body}\n`), "--json"])).toBe(0);
    expect(lastJson().cohenKappa).toBeCloseTo(0.4, 12);
    expect(lastJson().gwetAC1).toBeCloseTo(41 / 101, 12);
  });

  it("prints an aligned table without --json, with weighted κ at the ordinal level", async () => {
    expect(await agreementCommand.run([csv("unit,rater,label\n1,a,1\n1,b,2\n2,a,3\n2,b,3\n3,a,2\n3,b,2\n"), "--level", "ordinal"])).toBe(0);
    const out = stdout();
    expect(out).toMatch(/^Krippendorff's α \(ordinal\)\s+\d\.\d{4}$/m);
    expect(out).toMatch(/^Cohen's κ, quadratic weights\s+\d\.\d{4}$/m);
    const valueColumns = out.split("\n").filter((l) => /^(units|raters|Gwet's AC1) /.test(l)).map((l) => l.search(/\S+$/));
    expect(new Set(valueColumns).size).toBe(1);
  });

  it("names the file line of a label that is not a number at the interval level", async () => {
    const file = csv("unit,rater,label\n1,a,1\n1,b,2\n\n2,a,3\n2,b,3\n3,a,abc\n");
    expect(await agreementCommand.run([file, "--level", "interval"])).toBe(1);
    expect(stderr()).toContain('line 7: label "abc" is not a number (--level interval)');
    expect(await agreementCommand.run([file, "--json"])).toBe(0);
  });

  it("names both lines when a rater rates the same unit twice", async () => {
    expect(await agreementCommand.run([csv("unit,rater,label\n1,a,x\n1,b,y\n2,a,x\n1,a,y\n")])).toBe(1);
    expect(stderr()).toContain('line 5: rater "a" already rated unit "1" on line 2');
  });

  it("fails with exit 1 on missing columns, an empty file, a header-only file and an unreadable file", async () => {
    expect(await agreementCommand.run([csv("unit,coder,label\n1,a,x\n")])).toBe(1);
    expect(stderr()).toContain("missing column(s) rater");
    expect(await agreementCommand.run([csv("")])).toBe(1);
    expect(stderr()).toContain("is empty");
    expect(await agreementCommand.run([csv("unit,rater,label\n")])).toBe(1);
    expect(stderr()).toContain("no ratings");
    expect(await agreementCommand.run([path.join(dir, "missing.csv")])).toBe(1);
    expect(stderr()).toContain("cannot read");
    expect(await agreementCommand.run([csv('unit,rater,label\n1,a,"x\n')])).toBe(1);
    expect(stderr()).toContain("not valid CSV");
  });

  it("skips empty labels as missing ratings and says so", async () => {
    expect(await agreementCommand.run([csv("unit,rater,label\n1,a,x\n1,b,\n2,a,x\n2,b,x\n"), "--json"])).toBe(0);
    expect(lastJson()).toMatchObject({ ratings: 3 });
    expect(lastJson().notes).toEqual(expect.arrayContaining([expect.stringContaining("1 row(s) with an empty label")]));
  });

  it("reports nulls with notes, never NaN, for a single rater", async () => {
    expect(await agreementCommand.run([csv("unit,rater,label\n1,a,x\n2,a,y\n"), "--json"])).toBe(0);
    const out = lastJson();
    expect(out).toMatchObject({ percentAgreement: null, fleissKappa: null, krippendorffAlpha: null, gwetAC1: null, cohenKappa: null });
    expect((out.notes as string[]).length).toBeGreaterThanOrEqual(4);
  });

  it("exits 2 on bad arguments", async () => {
    expect(await agreementCommand.run([])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--level", "fancy"])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--bogus"])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--aggregate", "mace"])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--labels", "a"])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--labels", "a,,b"])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--labels", "a,b,a"])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--level", "interval", "--labels", "1,2,x"])).toBe(2);
    expect(await agreementCommand.run([csv(k2011), "--level", "interval", "--labels", "1,2,2.0"])).toBe(2);
    expect(stderr()).toContain("Usage:");
    expect(stderr()).toContain("--labels");
  });
});

/** Two raters' labels per unit, as a long-format CSV. */
function twoRaters(pairs: [string, string][]): string {
  return "unit,rater,label\n" + pairs.map(([a, b], i) => `u${i},A,${a}\nu${i},B,${b}`).join("\n") + "\n";
}

const repeat = (n: number, pair: [string, string]) => Array.from({ length: n }, () => pair);

describe("sally agreement: declared labels and weighted κ", () => {
  // 102 units, two raters, only a and b used: 43 a/a, 43 b/b, 8 a/b, 8 b/a. So p_a = 86/102 = 43/51 and
  // π_a = π_b = ½, Σπ(1 − π) = ½. Gwet's AC1 = (p_a − p_e)/(1 − p_e), p_e = Σπ(1 − π)/(Q − 1):
  //   Q = 2 (labels seen):          p_e = ½, AC1 = (43/51 − ½)/½ = 35/51 = 0.686
  //   Q = 3 (--labels a,b,c):       p_e = ¼, AC1 = (43/51 − ¼)/¾ = 121/153 = 0.791
  // The issue quotes 0.811 for the declared scale; no table reaches it: with two labels in use
  // Σπ(1 − π) ≤ ½, and AC1(Q = 2) = 0.686 then caps AC1(Q = 3) at 0.791, reached here (π = ½). Dividing by
  // Q instead of Q − 1 would give (43/51 − 1/6)/(5/6) = 0.812.
  const AC1_TABLE = twoRaters([...repeat(43, ["a", "a"]), ...repeat(43, ["b", "b"]), ...repeat(8, ["a", "b"]), ...repeat(8, ["b", "a"])]);

  it("counts a declared but unused label in Gwet's AC1 (0.686 → 0.791 by hand with Q = 3)", async () => {
    expect(await agreementCommand.run([csv(AC1_TABLE), "--json"])).toBe(0);
    expect(lastJson().gwetAC1).toBeCloseTo(35 / 51, 12);
    expect(await agreementCommand.run([csv(AC1_TABLE), "--labels", "a,b,c", "--json"])).toBe(0);
    expect(lastJson().gwetAC1).toBeCloseTo(121 / 153, 12);
    // κ and percent agreement do not depend on unused categories
    expect(lastJson().percentAgreement).toBeCloseTo(43 / 51, 12);
  });

  // Cohen's 3 × 3 table from cohen.test.ts (rows A, columns B, in scale order low, mid, high):
  // [10 2 0; 3 8 2; 1 2 7] → linear 674/1059, quadratic 1100/1555 by hand.
  const ORDINAL = twoRaters(
    [[10, 2, 0], [3, 8, 2], [1, 2, 7]].flatMap((row, i) => row.flatMap((n, j) => repeat(n, [["low", "mid", "high"][i]!, ["low", "mid", "high"][j]!] as [string, string]))),
  );

  it("reports weighted κ for two raters in the declared order (not alphabetical)", async () => {
    expect(await agreementCommand.run([csv(ORDINAL), "--labels", "low,mid,high", "--json"])).toBe(0);
    const out = lastJson();
    expect(out.weightedKappa).toEqual({ linear: expect.closeTo(674 / 1059, 12), quadratic: expect.closeTo(1100 / 1555, 12) });
    expect(out.cohenKappa).toBeCloseTo(461 / 811, 12);
    // alphabetical order (high, low, mid) gives other values, so the order really is the declared one
    expect(await agreementCommand.run([csv(ORDINAL), "--labels", "high,low,mid", "--json"])).toBe(0);
    expect((lastJson().weightedKappa as { linear: number }).linear).not.toBeCloseTo(674 / 1059, 3);
  });

  it("reports weighted κ for numeric labels at an ordinal level, and null with a note for unordered labels", async () => {
    const numeric = ORDINAL.replaceAll("low", "1").replaceAll("mid", "2").replaceAll("high", "3");
    expect(await agreementCommand.run([csv(numeric), "--level", "ordinal", "--json"])).toBe(0);
    expect((lastJson().weightedKappa as { quadratic: number }).quadratic).toBeCloseTo(1100 / 1555, 12);
    expect(await agreementCommand.run([csv(ORDINAL), "--json"])).toBe(0);
    expect(lastJson().weightedKappa).toBeNull();
    expect(lastJson().notes).toEqual(expect.arrayContaining([expect.stringContaining("weighted κ: needs labels in scale order")]));
  });

  it("refuses a label that is not among --labels, naming its line", async () => {
    const file = csv("unit,rater,label\n1,a,low\n1,b,mid\n2,a,hihg\n");
    expect(await agreementCommand.run([file, "--labels", "low,mid,high"])).toBe(1);
    expect(stderr()).toContain('line 4: label "hihg" is not one of --labels low,mid,high');
  });

  it("matches declared numeric labels by value at a numeric level", async () => {
    expect(await agreementCommand.run([csv("unit,rater,label\n1,a,1.0\n1,b,2\n2,a,3\n2,b,3\n"), "--level", "interval", "--labels", "1,2,3,4", "--json"])).toBe(0);
    expect(lastJson()).toMatchObject({ ratings: 4, weightedKappa: { linear: expect.any(Number) } });
  });
});

describe("sally agreement --aggregate dawid-skene", () => {
  it("adds dawidSkene with the labels of lib/metrics' fit, and only when asked", async () => {
    const file = csv(k2011);
    expect(await agreementCommand.run([file, "--json"])).toBe(0);
    expect(lastJson()).not.toHaveProperty("dawidSkene");
    expect(await agreementCommand.run([file, "--aggregate", "dawid-skene", "--json"])).toBe(0);
    const out = lastJson();
    expect(Object.keys(out).at(-1)).toBe("dawidSkene");
    const ds = out.dawidSkene as Record<string, unknown>;
    expect(Object.keys(ds)).toEqual(["labels", "iterations", "converged", "logLikelihood", "starts"]);
    expect(ds).toMatchObject({ converged: true, starts: 10 });
    const fit = dawidSkene(encodeRatings(fromTable(KRIPPENDORFF_2011).map((r) => ({ ...r, label: String(r.label) }))));
    if (fit.value === null) throw new Error(fit.reason);
    const m = fit.value;
    expect(ds.labels).toEqual(Object.fromEntries(m.units.map((u, i) => [u, m.labels[i]! >= 0 ? m.categories[m.labels[i]!] : null])));
    expect(ds.iterations).toBe(m.iterations);
    expect(ds.logLikelihood).toBe(m.logLikelihood);
    // the majority keys are unchanged
    expect(out.majority).toEqual({ withMajority: 11, ties: 1 });
  });

  it("gives dawidSkene null with a note when there is nothing to estimate", async () => {
    expect(await agreementCommand.run([csv("unit,rater,label\n1,a,x\n1,b,x\n"), "--aggregate", "dawid-skene", "--json"])).toBe(0);
    expect(lastJson().dawidSkene).toBeNull();
    expect(lastJson().notes).toEqual(expect.arrayContaining([expect.stringContaining("Dawid–Skene: only one category")]));
  });

  it("prints the fit in the table", async () => {
    expect(await agreementCommand.run([csv(k2011), "--aggregate", "dawid-skene"])).toBe(0);
    expect(stdout()).toMatch(/^Dawid–Skene\s+converged after \d+ iterations \(best of 10 starts\), log-likelihood -\d+\.\d\d$/m);
    expect(stdout()).toMatch(/^Dawid–Skene vs majority\s+\d+ units labelled differently$/m);
  });
});
