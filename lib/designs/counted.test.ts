import { describe, expect, it } from "vitest";
import { counted, countedGroups } from "@/lib/designs/counted";

// The list form is only a faster way to the same rows (the baseline oracle checks the rows, with
// voided and expired answers); here, that it is used only for a list it can write safely.
const id = "0b9f5a8e-2c1d-4e3f-9a7b-123456789abc";

describe("counted", () => {
  it("tests the row against the not-counted list when one is given", () => {
    expect(counted("s", "$1", [id])).toBe(`s."assignmentId" <> ALL('{${id}}'::uuid[])`);
    expect(counted("s", "$1", [])).toBe(`s."assignmentId" <> ALL('{}'::uuid[])`);
  });

  it("looks the assignment up when no list is given, when one is not a uuid, and when the list is long", () => {
    const lookup = counted("r");
    expect(lookup).toMatch(/^NOT EXISTS \(SELECT 1 FROM "Assignment" stale WHERE stale.id = r."assignmentId" AND stale."studyId" = \$1 AND stale.status IN \(/);
    expect(lookup).not.toContain("'submitted'");
    expect(counted("r", "$1", [id, "x'); DROP TABLE y; --"])).toBe(lookup);
    expect(counted("r", "$1", Array(20_001).fill(id))).toBe(lookup);
  });

  it("counts scored answers from the index alone with an empty list, less the listed ones' answers otherwise", () => {
    const where = `s."studyId" = $1`;
    const all = countedGroups("ScoredAnswer", ["questionId"], { n: "count(s.correct)" }, where, []);
    expect(all).toContain(`WHERE ${where} AND true GROUP BY 1`);
    expect(all).not.toContain("assignmentId");
    const less = countedGroups("ScoredAnswer", ["questionId"], { n: "count(s.correct)" }, where, [id]);
    expect(less).toContain(`(a.n - coalesce(x.n, 0))::int AS n`);
    expect(less).toContain(`r."assignmentId" = ANY('{${id}}'::uuid[])`);
    // a key whose every answer is listed is left out, as the test on each row would leave it out
    expect(less).toContain(`WHERE a.rows > coalesce(x.rows, 0)`);
    expect(countedGroups("ScoredAnswer", ["questionId"], { n: "count(s.correct)" }, where)).toContain(`AND ${counted("s")} GROUP BY 1`);
    expect(countedGroups("ScoredAnswer", ["questionId"], { n: "count(s.correct)" }, where, Array(20_001).fill(id))).toContain(`AND ${counted("s")} GROUP BY 1`);
  });
});
