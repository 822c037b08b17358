// The baseline design has no settings of its own yet: participants answer the benchmark's
// questions, scored against gold, and everything else is a shared setting. The draft keeps the
// stored config untouched, so saving the form never drops a field a newer baseline config has.

export interface BaselineDraft {
  stored: Record<string, unknown>;
}

export function emptyBaselineDraft(): BaselineDraft {
  return { stored: {} };
}

export function baselineDraftFrom(config: unknown): BaselineDraft {
  return { stored: config && typeof config === "object" && !Array.isArray(config) ? { ...(config as Record<string, unknown>) } : {} };
}

export function baselineConfigOf(draft: BaselineDraft): Record<string, unknown> {
  return { ...draft.stored };
}
