import type { Role } from "@/lib/db/client";

// The one table of who may do what. Anything not listed is denied (fail-closed), and an
// unknown role gets nothing. Owned actions are further limited to particular resources.
export const PERMISSIONS = {
  "users.manage": ["admin"],
  // one's own API tokens (the account page); see lib/auth/tokens/scope.ts for what a token may do
  "tokens.manage": ["admin", "researcher"],
  "datasets.read": ["admin", "researcher"],
  "datasets.import": ["admin", "researcher"],
  "datasets.export": ["admin", "researcher"],
  "datasets.manage": ["admin", "researcher"],
  "studies.read": ["admin", "researcher"],
  "studies.manage": ["admin", "researcher"],
  "studies.annotate": ["admin", "researcher", "annotator"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** Who may call a route (lib/http/route.ts): anyone, any signed-in user, or the roles an action allows. */
export type RouteAuth = "public" | "signed-in" | Action;

// Owned actions: an admin may take them on anything, anyone else only on what they own. The
// shareable ones are also open to the researchers the owner shared the resource with.
const OWNER_ONLY: ReadonlySet<Action> = new Set(["datasets.manage", "studies.manage"]);
const SHAREABLE: ReadonlySet<Action> = new Set(["datasets.read", "datasets.export"]);

export interface Actor {
  id: string;
  role: Role;
}

/** What an owned action acts on: its owner, and whom the owner shared it with. */
export interface OwnedResource {
  ownerId: string | null;
  sharedWithAll?: boolean;
  sharedWith?: readonly string[];
}

/**
 * Whether the actor's role may take this action at all: the gate in front of a route, a page or
 * a link. It says nothing about one resource, so owned actions still need `can()` with it (or a
 * query scoped by owner) before they touch anything.
 */
export function roleAllows(actor: Actor | null | undefined, action: Action): boolean {
  if (!actor) return false;
  const roles: readonly string[] | undefined = PERMISSIONS[action];
  return roles !== undefined && roles.includes(actor.role);
}

/** Whether the actor may take this action on this resource. An owned action without a resource is denied. */
export function can(actor: Actor | null | undefined, action: Action, resource?: OwnedResource): boolean {
  if (!actor || !roleAllows(actor, action)) return false;
  const owned = OWNER_ONLY.has(action) || SHAREABLE.has(action);
  if (!owned) return true;
  if (!resource) return false;
  if (actor.role === "admin" || (resource.ownerId !== null && resource.ownerId === actor.id)) return true;
  return SHAREABLE.has(action) && (resource.sharedWithAll === true || (resource.sharedWith ?? []).includes(actor.id));
}
