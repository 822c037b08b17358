import type { Study } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { appVersion } from "@/lib/runtime/version";
import { studyResults } from "@/lib/studies/results";
import { selectValidatedRecords } from "@/lib/studies/validated";

// What a published validated dataset came from: the study's settings and rule, what was kept
// and dropped and why, the agreement figures, the dataset's hash and the app version.
export async function studyManifest(study: Study) {
  const [results, dataset] = await Promise.all([
    studyResults(study),
    db().dataset.findUniqueOrThrow({ where: { id: study.datasetId }, select: { id: true, name: true, benchmark: true, contentHash: true, sourceFileName: true, sourceRecords: true } }),
  ]);
  const selection = await selectValidatedRecords(study, results);
  return {
    manifestVersion: 1,
    generatedAt: new Date().toISOString(),
    app: appVersion(),
    study: {
      id: study.id,
      name: study.name,
      design: study.design,
      state: study.state,
      unitType: study.unitType,
      filter: study.filter,
      n: study.n,
      maxUnitsPerParticipant: study.maxUnitsPerParticipant,
      leaseMinutes: study.leaseMinutes,
      entryMode: study.entryMode,
      config: study.config,
    },
    rule: (study.config as { rule?: unknown }).rule ?? null,
    dataset: { ...dataset, sha256: dataset.contentHash },
    counts: {
      units: results.progress.units,
      unitsByDecision: results.decisions,
      responses: results.progress.responses,
      participants: results.progress.participants,
      sourceRecordsInScope: selection.inScope,
      sourceRecordsKept: selection.kept.length,
      sourceRecordsDroppedByReason: selection.dropped,
    },
    agreement: results.agreement,
    recompute:
      "Every figure here follows from the raw responses export (format=responses-csv): filter its rows to one `check` " +
      "(e.g. flag:incoherent) and run `npm run -s sally -- agreement <file.csv> --json` for κ, α and percent agreement; " +
      "decisions are the plurality answer per study_unit and check, with ties handled by the rule above and adjudications " +
      "(audit log) overriding.",
  };
}
