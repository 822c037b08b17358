import "server-only";
import { summaryOf } from "@/components/datasets/summary-tables";
import type { StudyOption } from "@/components/studies/exposure-fields";
import type { DatasetChoices } from "@/components/studies/form-sections";
import type { Actor } from "@/lib/auth/permissions";
import { datasetModels, datasetTags, datasetViews } from "@/lib/datasets/service";
import { listStudies } from "@/lib/studies/service";

// What the study form's pages read on the server for its choices.

export const NO_CHOICES: DatasetChoices = { tags: {}, models: [], views: [], kinds: {} };

/** Tags, models, views and kinds of one dataset (the form offers only what the dataset has). */
export async function datasetChoices(dataset: { id: string; sourceRecords: number; contextCount: number; questionCount: number; summary: unknown }): Promise<DatasetChoices> {
  const [tags, models, views] = await Promise.all([datasetTags(dataset.id), datasetModels(dataset.id), datasetViews(dataset.id)]);
  return { tags, models, views, kinds: summaryOf(dataset).byKind };
}

/** The researcher's studies (an admin's: all), for exposure rules; never the study being edited. */
export async function studyOptions(actor: Actor, except?: string): Promise<StudyOption[]> {
  const studies = await listStudies(actor);
  return studies.filter((s) => s.id !== except).map((s) => ({ id: s.id, name: `${s.name} (${s.dataset.name})` }));
}
