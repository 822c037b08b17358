import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { dummyHash, verifyPassword } from "@/lib/auth/password";
import { tooManyAttempts, UNAVAILABLE } from "@/lib/auth/sign-in-errors";
import { attemptSucceeded, beginAttempt } from "@/lib/auth/throttle";
import { db } from "@/lib/db/client";
import { clientIp } from "@/lib/http/forwarded";
import { log } from "@/lib/log";

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
});

// A failed or refused attempt returns null (wrong credentials) or throws one of the texts in
// lib/auth/sign-in-errors.ts; the throttle (lib/auth/throttle.ts) is checked before the password.
async function checkCredentials(raw: unknown, headers: Record<string, unknown> | undefined) {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const ip = clientIp(headers);
  const gate = await beginAttempt(email, ip);
  if (!gate.allowed) throw new SignInRefused(tooManyAttempts(gate.retryAfterSeconds));

  const user = await db().user.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok || !user.active) return null;
  await attemptSucceeded(email, ip);
  return { id: user.id, email: user.email, name: user.name, role: user.role, tokenVersion: user.tokenVersion };
}

class SignInRefused extends Error {}

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: 8 * 60 * 60 },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, req) {
        try {
          return await checkCredentials(raw, req?.headers);
        } catch (err) {
          if (err instanceof SignInRefused) throw err;
          log.error("sign-in failed", { err });
          throw new Error(UNAVAILABLE);
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.role = user.role;
        token.tv = user.tokenVersion;
      }
      return token;
    },
    session({ session, token }) {
      session.user = { id: token.sub ?? "", email: token.email ?? "", name: token.name ?? "", role: token.role, tv: token.tv };
      return session;
    },
  },
};
