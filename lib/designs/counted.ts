import { AssignmentStatus } from "@/lib/db/generated/enums";
import type { Queryable } from "@/lib/db/queryable";
import { withSnapshot } from "@/lib/db/snapshot";

// Which answers count: those whose assignment is still submitted. Answers are written while their
// assignment is live or at its submit, so the ones that stop counting are few (expired between
// stages, returned, voided by an exclusion). Looking those up through the study's assignments by
// status (an index range) instead of joining every assignment is the same rows, and at a million
// answers the join cost more than the counting it fed (docs/benchmarks.md, bench:report).

// every status but submitted, from the schema's enum: a status added later is not counted by default
const NOT_COUNTED = Object.values(AssignmentStatus)
  .filter((s) => s !== AssignmentStatus.submitted)
  .map((s) => `'${s}'`)
  .join(", ");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// above this many, the list is no cheaper than the lookup (and would make long statements)
const LIST_MAX = 20_000;

/** The study's assignments that hold answers which do not count. Only valid for statements that see
 *  the same snapshot as this read (lib/db/snapshot.ts): an exclusion in between would be missed. */
async function readNotCounted(client: Queryable, studyId: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT a.id FROM "Assignment" a
     WHERE a."studyId" = $1 AND a.status IN (${NOT_COUNTED}) AND EXISTS (SELECT 1 FROM "Response" r WHERE r."assignmentId" = a.id)`,
    [studyId],
  );
  return rows.map((r) => r.id);
}

/** A study read in one snapshot (lib/db/snapshot.ts): `fn` gets the snapshot's client and the
 *  not-counted list read in it, for counted(). `width` and `settings` as withSnapshot takes them. */
export function readStudyAtOneMoment<T>(
  studyId: string,
  fn: (client: Queryable, notCounted: readonly string[]) => Promise<T>,
  width?: number,
  settings?: readonly string[],
): Promise<T> {
  return withSnapshot(async (client) => fn(client, await readNotCounted(client, studyId)), width, settings);
}

/** The not-counted list as an SQL array literal, when it can be tested as one. */
function listLiteral(notCounted?: readonly string[]): string | null {
  if (!notCounted || notCounted.length > LIST_MAX || !notCounted.every((id) => UUID.test(id))) return null;
  return `'{${notCounted.join(",")}}'::uuid[]`;
}

/** A condition on a row with `assignmentId` (alias `row`) of study `study` (an SQL expression): it counts.
 *  Given the list readNotCounted read in the same snapshot, the condition is a test against that list,
 *  which PostgreSQL hashes once, instead of a lookup joined row by row (a quarter of a pass over a
 *  million answers). */
export function counted(row: string, study = "$1", notCounted?: readonly string[]): string {
  const list = listLiteral(notCounted);
  if (list) return `${row}."assignmentId" <> ALL(${list})`;
  return `NOT EXISTS (SELECT 1 FROM "Assignment" stale WHERE stale.id = ${row}."assignmentId" AND stale."studyId" = ${study} AND stale.status IN (${NOT_COUNTED}))`;
}

/** Rows of a table of answers that count (`ScoredAnswer`, `Vote`; alias `s`, `where` on them), grouped by
 *  their columns `keys`: `rows` of them, and counts (`measures`: name → a count over `s`). Given the list
 *  readNotCounted read in the same snapshot, every row of the study is counted from an index that holds
 *  no assignment (deduplicated, a tenth of the table), and the few rows that do not count are counted
 *  apart and taken off: at a million answers, half the time of testing each one (docs/benchmarks.md). */
export function countedGroups(table: "ScoredAnswer" | "Vote", keys: readonly string[], measures: Record<string, string>, where: string, notCounted?: readonly string[]): string {
  const counts = { rows: "count(*)", ...measures };
  const columns = keys.map((k) => `"${k}"`).join(", ");
  const select = (also: string) =>
    `SELECT ${keys.map((k) => `s."${k}"`).join(", ")}, ${Object.entries(counts).map(([name, count]) => `(${count})::int AS ${name}`).join(", ")}
     FROM "${table}" s WHERE ${where} AND ${also} GROUP BY ${keys.map((_, i) => i + 1).join(", ")}`;
  const list = listLiteral(notCounted);
  if (list === null) return select(counted("s", "$1", notCounted));
  if (notCounted!.length === 0) return select("true");
  const less = Object.keys(counts).map((name) => `(a.${name} - coalesce(x.${name}, 0))::int AS ${name}`);
  return `SELECT ${keys.map((k) => `a."${k}"`).join(", ")}, ${less.join(", ")}
     FROM (${select("true")}) a
     LEFT JOIN (${select(`s."responseId" IN (SELECT r.id FROM "Response" r WHERE r."assignmentId" = ANY(${list}))`)}) x USING (${columns})
     WHERE a.rows > coalesce(x.rows, 0)`;
}
