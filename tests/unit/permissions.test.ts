import { describe, expect, it } from "vitest";
import { PERMISSIONS, can, roleAllows, type Action } from "@/lib/auth/permissions";

const admin = { id: "a", role: "admin" as const };
const owner = { id: "r", role: "researcher" as const };
const other = { id: "x", role: "researcher" as const };
const annotator = { id: "n", role: "annotator" as const };

describe("permission table", () => {
  it("denies everything to a missing actor or an unknown role (fail-closed)", () => {
    for (const action of Object.keys(PERMISSIONS) as Action[]) {
      expect(can(null, action)).toBe(false);
      expect(can({ id: "u", role: "superuser" as never }, action, { ownerId: "u" })).toBe(false);
      expect(roleAllows(null, action)).toBe(false);
      expect(roleAllows({ id: "u", role: "superuser" as never }, action)).toBe(false);
    }
  });

  it("denies an action that is not in the table", () => {
    expect(can(admin, "nuke.everything" as Action)).toBe(false);
    expect(roleAllows(admin, "nuke.everything" as Action)).toBe(false);
  });

  it("gives user management to admins only", () => {
    expect(can(admin, "users.manage")).toBe(true);
    expect(can(owner, "users.manage")).toBe(false);
    expect(can(annotator, "users.manage")).toBe(false);
  });

  it("denies an owned action asked without its resource, to admins too (a route must check the resource or scope its query)", () => {
    for (const action of ["datasets.read", "datasets.export", "datasets.manage", "studies.manage"] as const) {
      expect(can(owner, action), action).toBe(false);
      expect(can(admin, action), action).toBe(false);
      // the role gate in front of a route or page still lets the role through
      expect(roleAllows(owner, action), action).toBe(true);
    }
  });

  it("scopes owned actions: a researcher may manage only their own dataset, an admin any", () => {
    const mine = { ownerId: "r" };
    const theirs = { ownerId: "someone-else" };
    expect(can(owner, "datasets.manage", mine)).toBe(true);
    expect(can(owner, "datasets.manage", theirs)).toBe(false);
    expect(can(admin, "datasets.manage", theirs)).toBe(true);
    expect(can(owner, "studies.manage", theirs)).toBe(false);
  });

  it("lets a researcher read and export another's dataset only when it is shared with them or with everyone", () => {
    const privateOne = { ownerId: "r", sharedWithAll: false, sharedWith: [] };
    const namedShare = { ownerId: "r", sharedWithAll: false, sharedWith: ["x"] };
    const everyone = { ownerId: "r", sharedWithAll: true, sharedWith: [] };
    for (const action of ["datasets.read", "datasets.export"] as const) {
      expect(can(other, action, privateOne), action).toBe(false);
      expect(can(other, action, namedShare), action).toBe(true);
      expect(can(other, action, everyone), action).toBe(true);
      expect(can(owner, action, privateOne), action).toBe(true);
      expect(can(admin, action, privateOne), action).toBe(true);
    }
    // sharing never hands over deletion or re-sharing
    expect(can(other, "datasets.manage", namedShare)).toBe(false);
    expect(can(other, "datasets.manage", everyone)).toBe(false);
  });

  it("keeps an ownerless dataset (a command-line import) to admins until it is shared", () => {
    const ownerless = { ownerId: null, sharedWithAll: false, sharedWith: [] };
    expect(can(owner, "datasets.read", ownerless)).toBe(false);
    expect(can(owner, "datasets.manage", ownerless)).toBe(false);
    expect(can(admin, "datasets.read", ownerless)).toBe(true);
    expect(can(owner, "datasets.read", { ...ownerless, sharedWithAll: true })).toBe(true);
  });

  it("keeps annotators out of datasets and study management, even of a dataset shared with everyone", () => {
    expect(roleAllows(annotator, "datasets.read")).toBe(false);
    expect(can(annotator, "datasets.read", { ownerId: "r", sharedWithAll: true })).toBe(false);
    expect(can(annotator, "datasets.read", { ownerId: "r", sharedWith: ["n"] })).toBe(false);
    expect(roleAllows(annotator, "studies.manage")).toBe(false);
    expect(can(annotator, "studies.annotate")).toBe(true);
  });
});
