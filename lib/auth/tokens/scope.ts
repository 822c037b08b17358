import { roleAllows, type Action, type Actor, type RouteAuth } from "@/lib/auth/permissions";

// What an API token may be used for: the data work scripts do (datasets and studies: import,
// read, export, results, study set-up), always with the owner's current role. Everything about
// the account itself needs a browser session: managing tokens (so a token cannot mint tokens or
// keep itself alive), changing the password ("signed-in" routes), and user administration (a
// leaked admin token must not create admins). Listed, so a new action is cookie-only until it is
// added here on purpose.
const TOKEN_ACTIONS: ReadonlySet<Action> = new Set([
  "datasets.read",
  "datasets.import",
  "datasets.export",
  "datasets.manage",
  "studies.read",
  "studies.manage",
  "studies.annotate",
]);

export function tokenMayCall(auth: RouteAuth): boolean {
  return auth !== "public" && auth !== "signed-in" && TOKEN_ACTIONS.has(auth);
}

/** Whether this user may hold working tokens now: a demoted owner's tokens stop at once. */
export function mayHoldTokens(user: Actor & { active: boolean }): boolean {
  return user.active && roleAllows(user, "tokens.manage");
}
