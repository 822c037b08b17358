import { audit } from "@/lib/audit";
import { hashPassword } from "@/lib/auth/password";
import { db, Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { CreateUser, UpdateUser } from "@/lib/users/schemas";

export const publicUserFields = {
  id: true,
  email: true,
  name: true,
  role: true,
  active: true,
  createdAt: true,
} as const satisfies Prisma.UserSelect;

export async function listUsers() {
  return db().user.findMany({ select: publicUserFields, orderBy: { createdAt: "asc" } });
}

export async function createUser({ actorId, input }: { actorId: string | null; input: CreateUser }) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: input.email, name: input.name, role: input.role, passwordHash },
        select: publicUserFields,
      });
      await audit(tx, { actorId, action: "user.create", targetType: "user", targetId: user.id, after: { email: user.email, role: user.role } });
      return user;
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new AppError("conflict", `A user with the email ${input.email} already exists.`, { cause: err });
    }
    throw err;
  }
}

export async function updateUser({ actorId, userId, input }: { actorId: string; userId: string; input: UpdateUser }) {
  if (actorId === userId && (input.active === false || (input.role && input.role !== "admin"))) {
    throw new AppError("conflict", "You cannot deactivate yourself or remove your own admin role.");
  }
  return db().$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId }, select: publicUserFields });
    if (!before) throw new AppError("not_found", "No such user.");
    // Ending access or changing the password invalidates every session the user holds.
    const revoke = input.active === false || input.password !== undefined;
    const after = await tx.user.update({
      where: { id: userId },
      data: {
        name: input.name,
        role: input.role,
        active: input.active,
        passwordHash: input.password ? await hashPassword(input.password) : undefined,
        tokenVersion: revoke ? { increment: 1 } : undefined,
      },
      select: publicUserFields,
    });
    await audit(tx, {
      actorId,
      action: "user.update",
      targetType: "user",
      targetId: userId,
      before: { name: before.name, role: before.role, active: before.active },
      after: { name: after.name, role: after.role, active: after.active, passwordChanged: input.password !== undefined },
    });
    return after;
  });
}
