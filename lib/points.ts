/** A difference of two proportions in percentage points, signed: "+12.3 pts", "−4.0 pts", "0.0 pts";
 *  "—" when there is none. The study page, the release card and `sally report` say it alike. */
export function points(v: number | null | undefined): string {
  if (v === null || v === undefined) return "—";
  const tenths = Math.round(v * 1000);
  return `${tenths > 0 ? "+" : tenths < 0 ? "−" : ""}${(Math.abs(tenths) / 10).toFixed(1)} pts`;
}
