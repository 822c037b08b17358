import "server-only";
import { forbidden, redirect } from "next/navigation";
import { can, type Action } from "@/lib/auth/permissions";
import { currentUser, type SessionUser } from "@/lib/auth/session";

// For server components: signed out → sign-in page; wrong role → the 403 page.
export async function requirePage(action: Action): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  if (!can(user, action)) forbidden();
  return user;
}
