import type { DesignResults, Study, VoteUnit } from "@/lib/designs";
import { DECISION_COLUMNS, decisionRows } from "@/lib/studies/exports/decisions";
import { parquetChunks } from "@/lib/studies/exports/parquet";
import { RESPONSE_COLUMNS, responseRows } from "@/lib/studies/exports/responses";
import { SCORED_COLUMNS, scoredRows } from "@/lib/studies/exports/scored";
import { csvChunks, without } from "@/lib/studies/exports/table";

// A study's tables, each as CSV (for spreadsheets: formula-neutralized text) and Parquet (typed,
// raw values), both streamed from one cursor and written from the same rows. The JSONL of raw
// responses keeps each payload as stored.
export { responsesJsonl } from "@/lib/studies/exports/responses";
export { decidesUnits } from "@/lib/studies/exports/decisions";

export const RESPONSE_CSV_COLUMNS = RESPONSE_COLUMNS.map((c) => c.name);
export const SCORED_CSV_COLUMNS = SCORED_COLUMNS.map((c) => c.name);
export const DECISION_CSV_COLUMNS = DECISION_COLUMNS.map((c) => c.name);

export const responsesCsv = (study: Study) => csvChunks(RESPONSE_COLUMNS, responseRows(study, "iso"));
export const responsesParquet = (study: Study) => parquetChunks(RESPONSE_COLUMNS, responseRows(study));
export const scoredCsv = (study: Study) => csvChunks(SCORED_COLUMNS, scoredRows(study));
export const scoredParquet = (study: Study) => parquetChunks(SCORED_COLUMNS, scoredRows(study));

type Decided = DesignResults & { units: VoteUnit[] };
export const decisionsCsv = (study: Study, results: Decided) => csvChunks(DECISION_COLUMNS, decisionRows(study, results));
export const decisionsParquet = (study: Study, results: Decided) => parquetChunks(DECISION_COLUMNS, decisionRows(study, results));

// platform worker ids (Prolific, MTurk) are personal data: a public release leaves them out
const PLATFORM_IDS = ["external_source", "external_id"];
export function publicResponsesParquet(study: Study) {
  const t = without(RESPONSE_COLUMNS, responseRows(study), PLATFORM_IDS);
  return parquetChunks(t.columns, t.batches);
}
