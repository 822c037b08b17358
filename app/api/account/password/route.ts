import { clientIp } from "@/lib/http/forwarded";
import { problem } from "@/lib/http/problem";
import { route } from "@/lib/http/route";
import { changeOwnPassword } from "@/lib/users/password-change";
import { changePasswordSchema } from "@/lib/users/schemas";

// Any signed-in user changes their own password (browser session only). Every session of the
// user ends, this one included: the account page signs in again with the new password.
export const POST = route({ auth: "signed-in", body: changePasswordSchema }, async ({ req, user, body }) => {
  const result = await changeOwnPassword({ userId: user.id, input: body, ip: clientIp(req.headers) });
  if (!result.changed) {
    const wait = String(Math.max(1, Math.ceil(result.retryAfterSeconds)));
    return problem("rate_limited", `Too many wrong passwords. Try again in ${wait} seconds.`, { headers: { "retry-after": wait } });
  }
  return { ok: true };
});
