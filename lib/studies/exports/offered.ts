import { pool } from "@/lib/db/pool";
import { designOf, type DesignResults, type Study } from "@/lib/designs";
import { studyResults } from "@/lib/studies/results";
import { withDecided } from "@/lib/studies/tables";

// Which exports a study has, decided from its design's declared capabilities and its settings:
// the console lists exactly these, and the export route answers 404 for any other, so a link
// on the study page never leads to a "not found".

/** Every format the export route knows; the last ones are designs' own files (Design.downloads). */
export const EXPORT_FORMATS = [
  "validated", "responses-csv", "responses-jsonl", "responses-parquet", "scored-csv", "scored-parquet", "decisions-csv", "decisions-parquet",
  "bonus-csv", "manifest", "release", "ratings-csv", "correlations-csv", "scatter-svg",
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface OfferedExport {
  format: ExportFormat;
  label: string;
  detail: string;
  /** why the download would be refused right now (409), said next to the link */
  unavailable?: { reason: "nothing_kept"; text: string };
}

type Listed = Omit<OfferedExport, "unavailable">;

const isFormat = (f: string): f is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(f);

/** The study's exports in the order the page lists them (pure: no database). */
export function exportsOf(study: Pick<Study, "design" | "settings">): Listed[] {
  const design = designOf(study.design);
  // designs that keep or drop items decide on every unit (validation, checklist review)
  const decides = design.validatedRecords !== undefined;
  const list: Listed[] = [
    { format: "release", label: "Release for the Hugging Face Hub (zip)", detail: "A dataset card, the study's tables as Parquet, errata.csv and the manifest in one folder" + (decides ? ", with the validated data." : ".") },
  ];
  if (decides) list.push({ format: "validated", label: "Validated dataset", detail: "The kept items in the benchmark's own source format." });
  list.push(
    { format: "responses-csv", label: "Raw responses (CSV)", detail: "One row per response and answered item: unit, rater, label." },
    { format: "responses-parquet", label: "Raw responses (Parquet)", detail: "The same rows and columns, typed, values as given." },
    { format: "responses-jsonl", label: "Raw responses (JSONL)", detail: "One line per response, the payload as submitted." },
  );
  if (design.scoresAnswers) {
    list.push(
      { format: "scored-csv", label: "Scored answers (CSV)", detail: "One row per answered question: the answer as given and as the scorer read it, whether it is right, the time on it." },
      { format: "scored-parquet", label: "Scored answers (Parquet)", detail: "The same rows and columns, typed." },
    );
  }
  if (decides) {
    list.push(
      { format: "decisions-csv", label: "Unit decisions (CSV)", detail: "One row per unit: decision, reasons, votes and adjudications." },
      { format: "decisions-parquet", label: "Unit decisions (Parquet)", detail: "The same rows and columns, typed." },
    );
  }
  for (const [format, own] of Object.entries(design.downloads ?? {})) {
    // a design's file the route does not know could never be served: leave it out rather than offer a 400
    if (isFormat(format)) list.push({ format, label: own.label, detail: own.detail });
  }
  if (study.settings.bonus) {
    list.push({ format: "bonus-csv", label: "Prolific bonus payments (CSV)", detail: "Prolific's bulk-bonus format, one line per participant id and amount, from the study's bonus rule." });
  }
  list.push({ format: "manifest", label: "Manifest (JSON)", detail: "Settings, decisions and counts, to recompute every figure." });
  return list;
}

export function offersExport(study: Pick<Study, "design" | "settings">, format: ExportFormat): boolean {
  return exportsOf(study).some((e) => e.format === format);
}

export const NOTHING_KEPT =
  "Nothing is kept yet, so this download is refused for now: units are kept as they get their N answers (or are adjudicated).";

/** The study's exports with what would be refused now: the validated dataset while nothing is kept
 *  (the check lib/studies/validated-export.ts makes). Pass the results, or the kept records, when the
 *  page has them (lib/studies/results.ts, studyOverview). */
export async function studyExports(study: Study, known: { results?: DesignResults | null; keptRecords?: number } = {}): Promise<OfferedExport[]> {
  const list = exportsOf(study);
  if (!designOf(study.design).validatedRecords || !list.some((e) => e.format === "validated")) return list;
  const empty = (known.keptRecords ?? (await keptRecordsNow(study, known.results ?? undefined))) === 0;
  return list.map((e) => (e.format === "validated" && empty ? { ...e, unavailable: { reason: "nothing_kept", text: NOTHING_KEPT } } : e));
}

/** How many source records the validated dataset holds now: from the design's kept decisions when it
 *  keeps them (read in one snapshot), else from the results. */
async function keptRecordsNow(study: Study, results?: DesignResults): Promise<number> {
  const design = designOf(study.design);
  if (!results) {
    const kept = await withDecided(study, async (table) => (table.keptRecords ? await table.keptRecords() : null));
    if (kept !== null) return kept;
  }
  return (await design.validatedRecords!({ client: pool(), study }, results ?? (await studyResults(study)))).kept.length;
}
