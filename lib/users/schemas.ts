import { z } from "zod";

export const roleSchema = z.enum(["admin", "researcher", "annotator"]);
export const emailSchema = z.string().trim().toLowerCase().email("Enter a valid email address.").max(320);
export const passwordSchema = z.string().min(10, "Use at least 10 characters.").max(200);

export const createUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, "Enter a name.").max(200),
  role: roleSchema,
  password: passwordSchema,
});

export const updateUserSchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    role: roleSchema.optional(),
    active: z.boolean().optional(),
    password: passwordSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.");

export type CreateUser = z.infer<typeof createUserSchema>;
export type UpdateUser = z.infer<typeof updateUserSchema>;

// The "new password twice" check is the form's: the API takes the new password once.
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(1024),
    newPassword: passwordSchema,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ["newPassword"], message: "Choose a password different from the current one." });

export type ChangePassword = z.infer<typeof changePasswordSchema>;
