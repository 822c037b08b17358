// Plain-language summaries of a chart's data, used as its accessible description. Pure.

export const percent = (v: number | null): string => (v === null || !Number.isFinite(v) ? "—" : `${Math.round(v * 100)}%`);

/** "Human accuracy ranges from 42% (false belief) to 91% (belief, first order) over 15 groups." */
export function describeRange(what: string, items: { label: string; value: number | null }[], format: (v: number) => string = (v) => percent(v)): string {
  const known = items.filter((i): i is { label: string; value: number } => i.value !== null && Number.isFinite(i.value));
  if (known.length === 0) return `${what}: no figures yet.`;
  if (known.length === 1) return `${what} is ${format(known[0]!.value)} (${known[0]!.label}).`;
  let low = known[0]!;
  let high = known[0]!;
  for (const i of known) {
    if (i.value < low.value) low = i;
    if (i.value > high.value) high = i;
  }
  return `${what} ranges from ${format(low.value)} (${low.label}) to ${format(high.value)} (${high.label}) over ${known.length} ${known.length === 1 ? "group" : "groups"}.`;
}

/** A Wilson-style interval as "[38%, 47%]". */
export function formatInterval(ci: [number, number] | null, format: (v: number) => string = (v) => percent(v)): string {
  return ci ? `[${format(ci[0])}, ${format(ci[1])}]` : "—";
}
