// The baseline design's own settings are few: which tagged subsets (e.g. CharToM-QA's "indirect"
// questions) get rows of their own in the results. Everything else is a shared setting. The draft
// keeps the rest of the stored config untouched, so saving the form never drops a field a newer
// baseline config has.

export interface BaselineDraft {
  stored: Record<string, unknown>;
  /** tag names reported as subsets */
  subsets: string[];
}

export function emptyBaselineDraft(): BaselineDraft {
  return { stored: {}, subsets: [] };
}

export function baselineDraftFrom(config: unknown): BaselineDraft {
  if (!config || typeof config !== "object" || Array.isArray(config)) return emptyBaselineDraft();
  const { subsets, ...stored } = config as Record<string, unknown>;
  return { stored, subsets: Array.isArray(subsets) ? subsets.filter((s): s is string => typeof s === "string") : [] };
}

export function baselineConfigOf(draft: BaselineDraft): Record<string, unknown> {
  return { ...draft.stored, subsets: draft.subsets };
}

/** Subsets offered: the dataset's tags, and any chosen one it does not have (so it can be unchosen). */
export function subsetChoices(draft: BaselineDraft, tags: string[]): string[] {
  return [...new Set([...tags, ...draft.subsets])];
}
