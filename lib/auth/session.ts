import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { authOptions } from "@/lib/auth/options";
import { db } from "@/lib/db/client";
import type { Role } from "@/lib/db/client";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

// The signed cookie says who signed in; the database says whether that still counts. A
// deactivated user, or one whose tokenVersion moved on, is treated as signed out, and the
// role always comes from the database so a role change takes effect at once.
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(authOptions);
  const claimed = session?.user;
  if (!claimed?.id) return null;
  const user = await db().user.findUnique({ where: { id: claimed.id } });
  if (!user || !user.active || user.tokenVersion !== claimed.tv) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});
