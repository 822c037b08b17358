import { describe, expect, it } from "vitest";
import { counted } from "@/lib/designs/counted";

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
});
