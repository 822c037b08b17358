import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { agreementCommand } from "@/lib/cli/agreement";
import { commands } from "@/lib/cli/commands";
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
    expect(Object.keys(out)).toEqual(["units", "raters", "ratings", "percentAgreement", "fleissKappa", "krippendorffAlpha", "gwetAC1", "cohenKappa", "majority", "notes"]);
    expect(out).toMatchObject({ units: 12, raters: 4, ratings: 41, fleissKappa: null, cohenKappa: null });
    expect(out.krippendorffAlpha).toBeCloseTo(0.743, 3);
    expect(typeof out.percentAgreement).toBe("number");
    expect(typeof out.gwetAC1).toBe("number");
    // majority: units 1–5, 7–12 have a plurality; unit 6 (1, 2, 3, 4) is a four-way tie
    expect(out.majority).toEqual({ withMajority: 11, ties: 1 });
    expect(out.notes).toEqual(expect.arrayContaining(["Fleiss' κ needs the same number of raters per unit; unit counts differ, see α", expect.stringContaining("Cohen's κ")]));
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
    expect(stderr()).toContain("Usage:");
  });
});
