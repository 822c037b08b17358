import type { Queryable } from "@/lib/db/queryable";
import { log } from "@/lib/log";
import type { ParticipantFigures, ReadCtx } from "@/lib/designs/types";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { readAgreement, type AgreementRow } from "@/lib/designs/validation/participants";

// Each participant's agreement with the others' majority, kept (ParticipantAgreement), so that a page of
// the participants table reads a hundred rows instead of working out 100,000 assignments again (2–4 s
// at a million answers). A kept row was worked out in a snapshot whose xmin it holds (`asOf`): every
// change that snapshot could not see was made, or followed, by a transaction at or after it, and a
// unit's tally holds the transaction that last changed it (UnitTally."changedBy", set by the tally
// trigger). So a row is used only while no unit its participant has an assignment for (of any status:
// an excluded one took its answers out) has a last writer at or after `asOf`, and while the rule is
// this one. Every other participant of the page is worked out again, in the read's snapshot, and kept
// after it.

// Raise when how agreement is worked out changes (participants.ts): every kept row is then worked out again.
const RULES = "agreement-1";

/** The page's figures: kept where they still hold, else worked out here and,
 *  when the caller offers to (`later`), kept after the read. */
export async function validationParticipantFigures(ctx: ReadCtx<ValidationConfig>, ids: string[]): Promise<Map<string, ParticipantFigures>> {
  const { figures, keep } = await readParticipantAgreement(ctx, ids);
  ctx.later?.(keep);
  return figures;
}

/** The agreement of these participants: kept, or worked out; `keep` writes what was worked out, with a
 *  client outside the read's snapshot. */
export async function readParticipantAgreement(ctx: ReadCtx<ValidationConfig>, ids: string[]): Promise<{ figures: Map<string, ParticipantFigures>; keep(client: Queryable): Promise<void> }> {
  const { client, study } = ctx;
  const [snapshot, kept] = await Promise.all([
    client.query<{ asOf: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "asOf"`),
    client.query<AgreementRow>(
      `WITH k AS (
         SELECT * FROM "ParticipantAgreement" WHERE "participantId" = ANY($2::uuid[]) AND "studyId" = $1 AND epoch = $3
       ), changed AS MATERIALIZED (
         SELECT t."unitId", t."changedBy" FROM "UnitTally" t WHERE t."studyId" = $1 AND t."changedBy" >= (SELECT min("asOf") FROM k)
       ), stale AS (
         -- the participants with an assignment for a unit changed since their row's snapshot
         SELECT DISTINCT a."participantId" FROM changed c JOIN "Assignment" a ON a."unitId" = c."unitId"
         JOIN k ON k."participantId" = a."participantId" WHERE c."changedBy" >= k."asOf"
       )
       SELECT k."participantId", k.agree, k.compared, k."restsOn" FROM k WHERE k."participantId" NOT IN (SELECT "participantId" FROM stale)`,
      [study.id, ids, RULES],
    ),
  ]);
  const rows = new Map(kept.rows.map((r) => [r.participantId, r]));
  const missing = ids.filter((id) => !rows.has(id));
  const worked = missing.length ? await readAgreement(ctx, missing) : new Map<string, AgreementRow>();
  for (const [id, r] of worked) rows.set(id, r);
  const asOf = snapshot.rows[0]!.asOf;
  return {
    figures: new Map(ids.map((id) => [id, asFigures(rows.get(id))])),
    keep: (writer) => keepAgreement(writer, study.id, asOf, missing.map((id) => worked.get(id) ?? { participantId: id, agree: 0, compared: 0, restsOn: 0 })),
  };
}

function asFigures(r: AgreementRow | undefined): ParticipantFigures {
  const rate = r && r.compared > 0 ? r.agree / r.compared : null;
  return { agreementWithMajority: rate, agreementUnits: rate === null ? 0 : r!.restsOn };
}

/** Rows in participant order, so two reads writing the same participants wait instead of deadlocking; a
 *  row written late is only ever worked out again (its asOf is older than the changes it missed). A failed
 *  write is logged, not thrown: the read's figures stand. */
async function keepAgreement(client: Queryable, studyId: string, asOf: string, rows: AgreementRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (a.participantId < b.participantId ? -1 : 1));
  try {
    await client.query(
      `INSERT INTO "ParticipantAgreement" ("participantId", "studyId", epoch, "asOf", agree, compared, "restsOn")
       SELECT x."participantId", $1, $2, $3::bigint, x.agree, x.compared, x."restsOn"
       FROM json_to_recordset($4::json) AS x("participantId" uuid, agree int, compared int, "restsOn" int)
       ON CONFLICT ("participantId") DO UPDATE SET epoch = EXCLUDED.epoch, "asOf" = EXCLUDED."asOf",
         agree = EXCLUDED.agree, compared = EXCLUDED.compared, "restsOn" = EXCLUDED."restsOn"`,
      [studyId, RULES, asOf, JSON.stringify(sorted)],
    );
  } catch (err) {
    log.warn("kept agreement was not written", { studyId, participants: rows.length, err });
  }
}
