import { z } from "zod";
import { route } from "@/lib/http/route";
import { updateUserSchema } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/service";

const params = z.object({ id: z.string().uuid() });

export const PATCH = route({ auth: "users.manage", params, body: updateUserSchema }, async ({ user, params, body }) => ({
  user: await updateUser({ actorId: user.id, userId: params.id, input: body }),
}));
