// Shared shapes for lib/metrics. Every statistic returns a Result: a number (plus extras such as an
// interval), or `value: null` with a human-readable reason. Never NaN.

export type Label = string | number;

/** One rating in the common long format. */
export interface Rating {
  unit: string;
  rater: string;
  label: Label;
}

export interface Missing {
  value: null;
  reason: string;
}

/** `{ value, ...extra }` when defined, `{ value: null, reason }` when the input is degenerate. */
export type Result<T = number, Extra extends object = object> = ({ value: T } & Extra) | Missing;

export function missing(reason: string): Missing {
  return { value: null, reason };
}

/** Guards against NaN or infinity slipping out of a formula as a value. */
export function checked(value: number, reason: string): Result {
  return Number.isFinite(value) ? { value } : missing(reason);
}
