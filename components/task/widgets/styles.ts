// Shared look of answer options: large targets (≥ 48 px), the chosen one filled, a focus ring
// on the whole row when its control has keyboard focus.
export const optionRowClass =
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-control border border-line bg-surface px-3 py-2 text-base hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus";

/** The number or letter key beside an option: a keyboard hint, so hidden on touch screens. */
export const keyHintClass =
  "inline-flex size-7 shrink-0 items-center justify-center rounded border border-muted text-sm font-semibold text-muted pointer-coarse:hidden";

export const errorTextClass = "font-medium text-danger";
