import { AssignmentStatus } from "@/lib/db/generated/enums";

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

/** A condition on a row with `assignmentId` (alias `row`) of study `study` (an SQL expression): it counts. */
export function counted(row: string, study = "$1"): string {
  return `NOT EXISTS (SELECT 1 FROM "Assignment" stale WHERE stale.id = ${row}."assignmentId" AND stale."studyId" = ${study} AND stale.status IN (${NOT_COUNTED}))`;
}
