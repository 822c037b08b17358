import type { Role } from "@/lib/db/client";

// The one table of who may do what. Anything not listed is denied (fail-closed), and an
// unknown role gets nothing. "own" rows are further scoped to resources the user owns.
export const PERMISSIONS = {
  "users.manage": ["admin"],
  "datasets.read": ["admin", "researcher"],
  "datasets.import": ["admin", "researcher"],
  "datasets.delete": ["admin", "researcher"],
  "datasets.export": ["admin", "researcher"],
  "studies.read": ["admin", "researcher"],
  "studies.manage": ["admin", "researcher"],
  "studies.annotate": ["admin", "researcher", "annotator"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

// Actions a researcher may only take on what they own; admins may take them on anything.
const OWNED: ReadonlySet<Action> = new Set(["datasets.delete", "studies.manage"]);

export interface Actor {
  id: string;
  role: Role;
}

export function can(actor: Actor | null | undefined, action: Action, resource?: { ownerId: string | null }): boolean {
  if (!actor) return false;
  const roles: readonly string[] | undefined = PERMISSIONS[action];
  if (!roles || !roles.includes(actor.role)) return false;
  if (actor.role === "admin" || !OWNED.has(action)) return true;
  if (!resource) return true; // the route scopes its query by owner itself
  return resource.ownerId === actor.id;
}
