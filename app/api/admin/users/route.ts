import { route } from "@/lib/http/route";
import { createUserSchema } from "@/lib/users/schemas";
import { createUser, listUsers } from "@/lib/users/service";

export const GET = route({ auth: "users.manage" }, async () => ({ users: await listUsers() }));

export const POST = route({ auth: "users.manage", body: createUserSchema }, async ({ user, body }) => {
  const created = await createUser({ actorId: user.id, input: body });
  return Response.json({ user: created }, { status: 201 });
});
