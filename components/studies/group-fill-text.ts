import type { GroupFill } from "@/lib/studies/group-fill";

// How the groups tab words its figures. Pure, so it is unit-tested.

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** "12 of 40 answers": submitted answers against the group's places over all units. */
export function fillText(g: Pick<GroupFill["groups"][number], "submitted" | "capacity">): string {
  return `${g.submitted.toLocaleString("en")} of ${plural(g.capacity, "answer", "answers")}`;
}

/** The share for the progress bar, 0–100 (a group with no places counts as full). */
export function fillPercent(g: Pick<GroupFill["groups"][number], "submitted" | "capacity">): number {
  if (g.capacity <= 0) return 100;
  return Math.min(100, Math.round((g.submitted / g.capacity) * 100));
}

export function shortText(unitsShort: number): string {
  return unitsShort === 0 ? "none" : plural(unitsShort, "unit", "units");
}

/** Unserved participants by their group ("per item": membership decided per unit, by a tag). */
export function unservedByGroup(unserved: GroupFill["unserved"]): { group: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of unserved) counts.set(p.group ?? "per item", (counts.get(p.group ?? "per item") ?? 0) + 1);
  return [...counts.entries()].map(([group, count]) => ({ group, count })).sort((a, b) => b.count - a.count || a.group.localeCompare(b.group));
}

export { plural };
