import { exportDataset } from "@/lib/datasets/export";
import type { Study } from "@/lib/designs";
import { AppError } from "@/lib/errors";
import { validatedSelection } from "@/lib/studies/manifest";

/** The dataset in its own format, minus every record the study's rule dropped. */
export async function validatedExport(study: Study) {
  const selection = await validatedSelection(study);
  if (!selection) throw new AppError("not_found", "This study's design does not decide which items to keep.");
  // an empty file would read as "every item failed"; say what is missing instead
  if (selection.kept.length === 0) {
    throw new AppError("conflict", "No unit has been kept yet, so the validated dataset would be empty. It fills as units get their N answers (or are adjudicated) and are kept.", {
      extra: { reason: "nothing_kept" },
    });
  }
  return exportDataset({ datasetId: study.datasetId, format: "source", recordIndexes: selection.kept, suffix: `-validated-${study.publicCode}` });
}
