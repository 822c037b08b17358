import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createUser } from "@/lib/users/service";

// The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or else a generated password that the
// start log prints once. Does nothing once any admin exists.
export async function ensureFirstAdmin(opts: {
  email?: string;
  password?: string;
  print: (line: string) => void;
}): Promise<void> {
  const admins = await db().user.count({ where: { role: "admin" } });
  if (admins > 0) return;
  const email = (opts.email ?? "admin@sally.local").toLowerCase();
  const generated = !opts.password;
  const password = opts.password ?? randomBytes(12).toString("base64url");
  try {
    await createUser({ actorId: null, input: { email, name: "Administrator", role: "admin", password } });
  } catch (err) {
    if (err instanceof AppError && err.code === "conflict") return; // another instance starting at the same time won
    throw err;
  }
  if (generated) {
    opts.print(
      [
        "",
        "  First admin created. This password is shown only once:",
        `    email:    ${email}`,
        `    password: ${password}`,
        "  Sign in and change it on your account page (/account), or set ADMIN_EMAIL/ADMIN_PASSWORD before the first start.",
        "",
      ].join("\n"),
    );
  } else {
    opts.print(`First admin created: ${email} (password from ADMIN_PASSWORD)`);
  }
}
