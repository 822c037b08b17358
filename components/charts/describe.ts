// Plain-language summaries of a chart's data, used as its accessible description. Pure.

export const percent = (v: number | null): string => (v === null || !Number.isFinite(v) ? "—" : `${Math.round(v * 100)}%`);

/** The sentences of a range, worded by the console.charts.range catalog entries (a translator of that namespace). */
export type RangeWords = (key: "none" | "one" | "range", values: Record<string, string>) => string;

/** "Human accuracy ranges from 42% (false belief) to 91% (belief, first order) over 15 groups." */
export function describeRange(words: RangeWords, what: string, items: { label: string; value: number | null }[], format: (v: number) => string = (v) => percent(v)): string {
  const known = items.filter((i): i is { label: string; value: number } => i.value !== null && Number.isFinite(i.value));
  if (known.length === 0) return words("none", { what });
  if (known.length === 1) return words("one", { what, value: format(known[0]!.value), label: known[0]!.label });
  let low = known[0]!;
  let high = known[0]!;
  for (const i of known) {
    if (i.value < low.value) low = i;
    if (i.value > high.value) high = i;
  }
  return words("range", { what, low: format(low.value), lowLabel: low.label, high: format(high.value), highLabel: high.label, count: String(known.length), plural: known.length === 1 ? "one" : "other" });
}

/** A Wilson-style interval as "[38%, 47%]". */
export function formatInterval(ci: [number, number] | null, format: (v: number) => string = (v) => percent(v)): string {
  return ci ? `[${format(ci[0])}, ${format(ci[1])}]` : "—";
}
