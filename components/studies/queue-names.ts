// Accessible names for adjudication items: each form's name must be unique on the page.
interface Named {
  ordinal: number;
  prompt: string;
  subject: string | null;
}

export function itemName(item: Named): string {
  return `Unit #${item.ordinal}: ${item.prompt}${item.subject ? ` “${item.subject}”` : ""}`;
}

/** "Unit #3: Incoherent?", with " (2)" on the second check that reads the same (two options with equal text). */
export function uniqueNames(items: Named[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = itemName(item);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}
