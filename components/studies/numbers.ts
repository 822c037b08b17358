// Numbers as typed in the form. A field that does not read as a number becomes NaN (null in
// JSON), so validation names the field instead of the form silently sending a default.

export function integer(text: string): number {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** Empty: null (no limit, not set). */
export function optionalInteger(text: string): number | null {
  return text.trim() === "" ? null : integer(text);
}

/** A non-negative amount, whole or with decimals (a bonus). */
export function decimal(text: string): number {
  const t = text.trim();
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** A percentage typed as 0–100, as the 0–1 share the settings store. */
export function share(text: string): number {
  const t = text.trim();
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) / 100 : Number.NaN;
}

export function optionalShare(text: string): number | null {
  return text.trim() === "" ? null : share(text);
}

/** A stored 0–1 share as a percentage to edit (0.8 → "80"). */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : String(Math.round(value * 10_000) / 100);
}

export const numberText = (value: number | null | undefined): string => (value === null || value === undefined ? "" : String(value));
