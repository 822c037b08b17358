import { audit } from "@/lib/audit";
import { roleAllows, type Actor } from "@/lib/auth/permissions";
import { newToken } from "@/lib/auth/tokens/format";
import type { CreateToken } from "@/lib/auth/tokens/schemas";
import { db, Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

// One's own API tokens: create (the token is returned once, only its hash is kept), list, revoke.
// Every query is scoped to the actor: nobody lists or revokes another person's tokens, admins
// included (deactivating the account stops them all at once).

/** Live tokens (neither revoked nor expired) one person may hold. */
export const MAX_LIVE_TOKENS = 20;

export const tokenFields = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  expiresAt: true,
} as const satisfies Prisma.ApiTokenSelect;

export type TokenRow = Prisma.ApiTokenGetPayload<{ select: typeof tokenFields }>;

export async function listTokens(actor: Actor): Promise<TokenRow[]> {
  return db().apiToken.findMany({ where: { userId: actor.id }, select: tokenFields, orderBy: { createdAt: "desc" } });
}

export async function createToken({ actor, input }: { actor: Actor; input: CreateToken }): Promise<{ token: TokenRow; secret: string }> {
  if (!roleAllows(actor, "tokens.manage")) throw new AppError("forbidden", "Only researchers and admins can have API tokens.");
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
  for (let attempt = 0; ; attempt++) {
    const { token: secret, prefix, hash } = newToken();
    try {
      return await db().$transaction(async (tx) => {
        // the owner's row lock makes the count and the insert one step under concurrent creates
        await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${actor.id}::uuid FOR UPDATE`;
        const live = await tx.apiToken.count({
          where: { userId: actor.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
        });
        if (live >= MAX_LIVE_TOKENS) {
          throw new AppError("conflict", `You already have ${MAX_LIVE_TOKENS} API tokens. Revoke one you no longer use first.`);
        }
        const token = await tx.apiToken.create({ data: { userId: actor.id, name: input.name, prefix, secretHash: hash, expiresAt }, select: tokenFields });
        await audit(tx, { actorId: actor.id, action: "token.create", targetType: "api_token", targetId: token.id, after: { name: token.name, prefix, expiresAt } });
        return { token, secret };
      });
    } catch (err) {
      // two tokens drew the same 48-bit prefix: draw again
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002" && attempt < 3) continue;
      throw err;
    }
  }
}

/** Revokes one of the actor's tokens; revoking a revoked token changes nothing. Another person's token is "not found". */
export async function revokeToken({ actor, tokenId }: { actor: Actor; tokenId: string }): Promise<TokenRow> {
  return db().$transaction(async (tx) => {
    const revoked = await tx.apiToken.updateManyAndReturn({
      where: { id: tokenId, userId: actor.id, revokedAt: null },
      data: { revokedAt: new Date() },
      select: tokenFields,
    });
    if (revoked[0]) {
      await audit(tx, { actorId: actor.id, action: "token.revoke", targetType: "api_token", targetId: tokenId, after: { name: revoked[0].name, prefix: revoked[0].prefix } });
      return revoked[0];
    }
    const existing = await tx.apiToken.findFirst({ where: { id: tokenId, userId: actor.id }, select: tokenFields });
    if (!existing) throw new AppError("not_found", "You have no API token with this id.");
    return existing;
  });
}
