// Display helpers for the Datasets console. Pure, so they are unit-tested.

const numberFormat = new Intl.NumberFormat("en-US");

/** 3200 → "3,200" (one fixed locale, so server and browser render the same text). */
export function formatCount(n: number): string {
  return numberFormat.format(n);
}

const UNITS = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** 1024-based sizes with one decimal: "812 bytes", "12.3 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "—";
  if (bytes < 1024) return `${Math.round(bytes)} ${bytes === 1 ? "byte" : "bytes"}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** "12.3 of 40.0 MB": both figures in the unit of the total, so they read as one scale. */
export function formatBytesOf(done: number, total: number): string {
  if (total < 1024) return `${Math.round(done)} of ${formatBytes(total)}`;
  const unit = Math.min(Math.floor(Math.log(total) / Math.log(1024)), UNITS.length - 1);
  const scale = 1024 ** unit;
  return `${(Math.min(done, total) / scale).toFixed(1)} of ${(total / scale).toFixed(1)} ${UNITS[unit]}`;
}

/** Whole percent of done/total, clamped to 0–100; 0 when the total is unknown. */
export function percent(done: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((100 * done) / total)));
}

/** A translator of console.datasets.kinds: a known kind's name, else none. */
export interface KindWords {
  (key: string): string;
  has(key: string): boolean;
}

export function kindLabel(kind: string, words: KindWords): string {
  return words.has(kind) ? words(kind) : kind.replace(/_/g, " ");
}

/** Count entries, largest first, then by name, for summary tables. */
export function sortedCounts(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The version shown in the list: the label given at import, else "v2", "v3"… for re-imports of one file. */
export function versionText(versionLabel: string | null, hashVersion: number): string {
  if (versionLabel) return hashVersion > 1 ? `${versionLabel} (v${hashVersion})` : versionLabel;
  return hashVersion > 1 ? `v${hashVersion}` : "—";
}

/** A date as "2025-11-22 18:43 UTC" (fixed zone, so server and browser agree). */
export function formatDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
