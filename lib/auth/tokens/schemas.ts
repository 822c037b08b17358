import { z } from "zod";

export const createTokenSchema = z.object({
  name: z.string().trim().min(1, "Enter a name, such as the script that will use it.").max(100, "Use at most 100 characters."),
  /** days until it stops working; null: until revoked */
  expiresInDays: z.number().int().min(1).max(366).nullable().default(null),
});

export type CreateToken = z.infer<typeof createTokenSchema>;
