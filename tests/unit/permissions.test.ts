import { describe, expect, it } from "vitest";
import { PERMISSIONS, can, type Action } from "@/lib/auth/permissions";

describe("permission table", () => {
  it("denies everything to a missing actor or an unknown role (fail-closed)", () => {
    for (const action of Object.keys(PERMISSIONS) as Action[]) {
      expect(can(null, action)).toBe(false);
      expect(can({ id: "u", role: "superuser" as never }, action)).toBe(false);
    }
  });

  it("denies an action that is not in the table", () => {
    expect(can({ id: "u", role: "admin" }, "nuke.everything" as Action)).toBe(false);
  });

  it("gives user management to admins only", () => {
    expect(can({ id: "a", role: "admin" }, "users.manage")).toBe(true);
    expect(can({ id: "r", role: "researcher" }, "users.manage")).toBe(false);
    expect(can({ id: "n", role: "annotator" }, "users.manage")).toBe(false);
  });

  it("scopes owned actions: a researcher may delete only their own dataset, an admin any", () => {
    const mine = { ownerId: "r" };
    const theirs = { ownerId: "someone-else" };
    expect(can({ id: "r", role: "researcher" }, "datasets.delete", mine)).toBe(true);
    expect(can({ id: "r", role: "researcher" }, "datasets.delete", theirs)).toBe(false);
    expect(can({ id: "a", role: "admin" }, "datasets.delete", theirs)).toBe(true);
  });

  it("keeps annotators out of datasets and study management", () => {
    const annotator = { id: "n", role: "annotator" as const };
    expect(can(annotator, "datasets.read")).toBe(false);
    expect(can(annotator, "studies.manage")).toBe(false);
    expect(can(annotator, "studies.annotate")).toBe(true);
  });
});
