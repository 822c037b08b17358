import type { Queryable } from "@/lib/db/queryable";

// Who changed what. Always written inside the transaction of the change it records, on that
// transaction's client (a pg client, or a Prisma interactive transaction), so the audit trail
// and the change commit or fail together.
export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

type PrismaTx = { $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> };

const SQL = `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", before, after, reason)
  VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`;

export async function audit(client: Queryable | PrismaTx, e: AuditEntry): Promise<void> {
  const values = [
    e.actorId,
    e.action,
    e.targetType,
    e.targetId,
    e.before === undefined ? null : JSON.stringify(e.before),
    e.after === undefined ? null : JSON.stringify(e.after),
    e.reason ?? null,
  ];
  if ("$executeRawUnsafe" in client) await client.$executeRawUnsafe(SQL, ...values);
  else await client.query(SQL, values);
}
