import type { Queryable } from "@/lib/db/queryable";

// A participant asks for more time on the unit they hold (WCAG 2.2.1: a time limit can be
// extended). One statement: the lease row is locked by the UPDATE, as submit locks it, and only
// a live lease of this participant whose time has not run out moves. A lease that ran out may
// already be someone else's unit (the sweep gave it back), so it is never revived here; an
// answer sent late still goes through submit's own rule.

export type RenewResult =
  | { kind: "renewed"; expiresAt: Date }
  /** not this participant's lease, or no lease at all */
  | { kind: "not_leased" }
  | { kind: "refused"; reason: "lease_expired" | "already_submitted" | "returned" | "excluded" | `study_${string}` };

interface Row {
  status: string;
  alive: boolean;
  state: string;
  renewed: Date | null;
}

export async function renewLease(
  client: Queryable,
  opts: { studyId: string; participantId: string; assignmentId: string; leaseMinutes: number },
): Promise<RenewResult> {
  const { rows } = await client.query<Row>(
    `WITH target AS (
       SELECT a.id, a.status::text AS status, a."expiresAt" > now() AS alive, s.state::text AS state
       FROM "Assignment" a JOIN "Study" s ON s.id = a."studyId"
       WHERE a.id = $1 AND a."participantId" = $2 AND a."studyId" = $3
     ), renewed AS (
       UPDATE "Assignment" a SET "expiresAt" = greatest(a."expiresAt", now() + make_interval(mins => $4))
       FROM target
       WHERE a.id = target.id AND target.state = 'open' AND a.status = 'live' AND a."expiresAt" > now()
       RETURNING a."expiresAt"
     )
     SELECT target.status, target.alive, target.state, (SELECT "expiresAt" FROM renewed) AS renewed FROM target`,
    [opts.assignmentId, opts.participantId, opts.studyId, opts.leaseMinutes],
  );
  const row = rows[0];
  if (!row) return { kind: "not_leased" };
  if (row.renewed) return { kind: "renewed", expiresAt: new Date(row.renewed) };
  if (row.state !== "open") return { kind: "refused", reason: `study_${row.state}` };
  if (row.status === "submitted") return { kind: "refused", reason: "already_submitted" };
  if (row.status === "returned") return { kind: "refused", reason: "returned" };
  if (row.status === "excluded") return { kind: "refused", reason: "excluded" };
  return { kind: "refused", reason: "lease_expired" };
}
