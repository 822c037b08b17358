import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { dummyHash, verifyPassword } from "@/lib/auth/password";
import { THROTTLE, clearFailures, isLocked, recordFailure } from "@/lib/auth/throttle";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";

export const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  password: z.string().min(1).max(1024),
});

// Thrown from authorize(); next-auth passes the message to the sign-in page as `error`, so these
// are the only messages it may carry (never a driver's error text).
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";
export const UNAVAILABLE = "SignInUnavailable";

function clientIp(headers: Record<string, unknown> | undefined): string {
  const forwarded = headers?.["x-forwarded-for"];
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return first || "local";
}

async function checkCredentials(raw: unknown, headers: Record<string, unknown> | undefined) {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const emailKey = `email:${email}`;
  const ipKey = `ip:${clientIp(headers)}`;
  if (await isLocked([emailKey, ipKey])) throw new Error(TOO_MANY_ATTEMPTS);

  const user = await db().user.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok || !user.active) {
    await recordFailure(emailKey, THROTTLE.maxPerEmail);
    await recordFailure(ipKey, THROTTLE.maxPerIp);
    return null;
  }
  await clearFailures(emailKey);
  return { id: user.id, email: user.email, name: user.name, role: user.role, tokenVersion: user.tokenVersion };
}

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
          if (err instanceof Error && err.message === TOO_MANY_ATTEMPTS) throw err;
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
