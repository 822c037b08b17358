import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { pool } from "@/lib/db/pool";

const globalForPrisma = globalThis as unknown as { sallyPrisma?: PrismaClient };

export function db(): PrismaClient {
  globalForPrisma.sallyPrisma ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return globalForPrisma.sallyPrisma;
}

export async function disconnectDb(): Promise<void> {
  const client = globalForPrisma.sallyPrisma;
  globalForPrisma.sallyPrisma = undefined;
  await client?.$disconnect();
}

export { Prisma } from "@/lib/db/generated/client";
export type { Role, Study, User } from "@/lib/db/generated/client";
