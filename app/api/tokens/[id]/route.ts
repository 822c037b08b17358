import { z } from "zod";
import { route } from "@/lib/http/route";
import { revokeToken } from "@/lib/auth/tokens/service";

const params = z.object({ id: z.string().uuid() });

/** Revokes one of your tokens at once (the row stays, marked revoked); again changes nothing. */
export const DELETE = route({ auth: "tokens.manage", params }, async ({ user, params }) => ({
  token: await revokeToken({ actor: user, tokenId: params.id }),
}));
