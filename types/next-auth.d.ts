import type { Role } from "@/lib/db/client";

declare module "next-auth" {
  interface User {
    role: Role;
    tokenVersion: number;
  }
  interface Session {
    user: { id: string; email: string; name: string; role: Role; tv: number };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role: Role;
    tv: number;
  }
}
