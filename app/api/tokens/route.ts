import { route } from "@/lib/http/route";
import { createTokenSchema } from "@/lib/auth/tokens/schemas";
import { createToken, listTokens } from "@/lib/auth/tokens/service";

// One's own API tokens. Browser session only (an API token cannot list or mint tokens).
export const GET = route({ auth: "tokens.manage" }, async ({ user }) => ({ tokens: await listTokens(user) }));

/** The answer carries the token itself, once: only its hash is kept. */
export const POST = route({ auth: "tokens.manage", body: createTokenSchema }, async ({ user, body }) => {
  const { token, secret } = await createToken({ actor: user, input: body });
  return Response.json({ token, secret }, { status: 201, headers: { "cache-control": "no-store" } });
});
