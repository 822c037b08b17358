// Display helpers for the dashboard. Pure, so they are unit-tested.

export type Decision = "incomplete" | "keep" | "reject" | "needs_review";

export const DECISIONS: Decision[] = ["keep", "reject", "needs_review", "incomplete"];

export function isDecision(value: unknown): value is Decision {
  return typeof value === "string" && (DECISIONS as string[]).includes(value);
}

/** An agreement figure with 3 decimals; null (undefined for this data) as an em dash. */
export function formatFigure(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "—" : value.toFixed(3);
}

export function formatShare(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "—" : `${(value * 100).toFixed(1)}%`;
}

/** Seconds as "42 s", "3 min 05 s" or "1 h 02 min". */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

export interface OptionLabel {
  value: string;
  label: string;
}

export function optionLabel(options: OptionLabel[], value: string | null): string {
  if (value === null) return "—";
  return options.find((o) => o.value === value)?.label ?? value;
}

/** Vote counts in the check's option order, e.g. "Yes 2 · No 1"; answers outside the options come last. */
export function formatCounts(counts: Record<string, number>, options: OptionLabel[]): string {
  const known = options.filter((o) => (counts[o.value] ?? 0) > 0).map((o) => `${o.label} ${counts[o.value]}`);
  const other = Object.entries(counts)
    .filter(([value, n]) => n > 0 && !options.some((o) => o.value === value))
    .map(([value, n]) => `${value} ${n}`);
  const parts = [...known, ...other];
  return parts.length ? parts.join(" · ") : "no votes";
}

/** Why a unit was rejected, in words, from the design's labels. */
export function reasonLabel(reason: string, labels: Record<string, string>): string {
  return labels[reason] ?? reason;
}

/** 1-based page numbers, clamped; the slice of rows on that page. */
const NOTE_PREFIX = { fleiss: "Fleiss' κ", alpha: "Krippendorff's α", percent: "percent agreement" } as const;
export type Figure = keyof typeof NOTE_PREFIX;

/** The metric notes about the figures the dashboard shows (not Gwet's AC1 or Cohen's κ). */
export function shownNotes(notes: string[]): string[] {
  return notes.filter((n) => !/^(Gwet|Cohen)/.test(n));
}

/** Why one figure is missing, if a note says so. */
export function noteFor(notes: string[], figure: Figure): string | undefined {
  return notes.find((n) => n.startsWith(NOTE_PREFIX[figure]));
}
