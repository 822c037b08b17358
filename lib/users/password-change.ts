import { audit } from "@/lib/audit";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { attemptSucceeded, beginAttempt } from "@/lib/auth/throttle";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ChangePassword } from "@/lib/users/schemas";

export type PasswordChange = { changed: true } | { changed: false; retryAfterSeconds: number };

/**
 * A user changes their own password. The current password is checked under the sign-in throttle
 * (the same counts as /signin: a stolen session cannot guess it faster than a sign-in could), and
 * the change bumps tokenVersion, which ends every session of the user, this one included: the
 * account page signs in again with the new password. API tokens are not touched (revoke them on
 * the same page; deactivating the account stops them).
 */
export async function changeOwnPassword({ userId, input, ip }: { userId: string; input: ChangePassword; ip: string | null }): Promise<PasswordChange> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true, active: true } });
  if (!user?.active) throw new AppError("unauthenticated", "Sign in to change your password.");
  const gate = await beginAttempt(user.email, ip);
  if (!gate.allowed) return { changed: false, retryAfterSeconds: gate.retryAfterSeconds };
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("invalid_input", "The current password is not right.", {
      invalidParams: [{ name: "currentPassword", reason: "This is not your current password." }],
    });
  }
  await attemptSucceeded(user.email, ip);
  const passwordHash = await hashPassword(input.newPassword);
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, tokenVersion: { increment: 1 } } });
    await audit(tx, { actorId: userId, action: "user.password_change", targetType: "user", targetId: userId });
  });
  return { changed: true };
}
