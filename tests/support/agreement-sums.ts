import type { Queryable } from "@/lib/db/queryable";

/** Drops a study's kept agreement timeline (lib/studies/timeline-agreement.ts), as before its first read. */
export async function dropAgreementSums(client: Queryable, studyId: string): Promise<void> {
  for (const table of ["AgreementCells", "AgreementState", "AgreementMarginal"]) await client.query(`DELETE FROM "${table}" WHERE "studyId" = $1`, [studyId]);
}
