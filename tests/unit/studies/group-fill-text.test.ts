import { describe, expect, it } from "vitest";
import { fillPercent, fillText, shortText, unservedByGroup } from "@/components/studies/group-fill-text";

const person = (group: string | null) => ({ participantId: "p", pseudonym: "P", externalId: null, group, values: [], done: 0 });

describe("the groups tab's words", () => {
  it("says fill as submitted of the group's places, one answer in the singular", () => {
    expect(fillText({ submitted: 12, capacity: 40 })).toBe("12 of 40 answers");
    expect(fillText({ submitted: 0, capacity: 1 })).toBe("0 of 1 answer");
    expect(fillText({ submitted: 1200, capacity: 4000 })).toBe("1,200 of 4,000 answers");
  });

  it("gives the bar a share from 0 to 100; a group with no places reads as full", () => {
    expect(fillPercent({ submitted: 12, capacity: 40 })).toBe(30);
    expect(fillPercent({ submitted: 0, capacity: 40 })).toBe(0);
    expect(fillPercent({ submitted: 0, capacity: 0 })).toBe(100);
  });

  it("says units short in words", () => {
    expect(shortText(0)).toBe("none");
    expect(shortText(1)).toBe("1 unit");
    expect(shortText(7)).toBe("7 units");
  });

  it("counts unserved participants per group, most first, those placed per item apart", () => {
    expect(unservedByGroup([person("read"), person("not_read"), person("read"), person(null)])).toEqual([
      { group: "read", count: 2 },
      { group: "not_read", count: 1 },
      { group: "per item", count: 1 },
    ]);
    expect(unservedByGroup([])).toEqual([]);
  });
});
