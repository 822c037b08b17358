import type { StudySettings } from "@/components/studies/form-model";

// A stored study as the spec that declares it: what POST /api/studies and
// `sally study create --spec` read. Re-running it on another dataset (or a new version of the
// same one) makes the same study there: only `dataset` needs changing.
export function specOf(study: StudySettings, datasetId: string | null = study.datasetId) {
  return {
    name: study.name,
    dataset: datasetId,
    design: study.design,
    unit: study.unitType,
    filter: study.filter,
    n: study.n,
    maxUnitsPerParticipant: study.maxUnitsPerParticipant,
    leaseMinutes: study.leaseMinutes,
    instructions: study.instructions,
    entryMode: study.entryMode,
    completionUrl: study.completionUrl,
    config: study.config,
    ...study.settings,
  };
}

export function specText(study: StudySettings): string {
  return `${JSON.stringify(specOf(study), null, 2)}\n`;
}
