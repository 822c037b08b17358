import "server-only";
import { forbidden, redirect } from "next/navigation";
import { roleAllows, type Action } from "@/lib/auth/permissions";
import { currentUser, type SessionUser } from "@/lib/auth/session";

// For server components: signed out → sign-in page; wrong role → the 403 page.
export async function requirePage(action: Action): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  if (!roleAllows(user, action)) forbidden();
  return user;
}
