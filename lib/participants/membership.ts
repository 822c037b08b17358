import type { Groups } from "@/lib/designs/settings";

// Which group a participant is in, from the way the study declares it: a URL parameter naming
// the group, a URL parameter listing the tag values they are a member for (per item: readers of
// the books they listed), an uploaded external id → group list, or (later, on the task page) a
// screener. Null when they fit no group: they are turned away before any unit.

export interface Membership {
  group: string | null;
  groupValues: string[];
}

export function membershipAtEntry(groups: Groups | null, query: Record<string, string>, externalId: string | null): Membership | null {
  if (!groups) return { group: null, groupValues: [] };
  const m = groups.membership;
  if (m.from === "list") {
    const group = externalId ? groups.list?.[externalId] : undefined;
    return group && groups.names.includes(group) ? { group, groupValues: [] } : null;
  }
  if ("tag" in m) {
    // per item: the values listed (the screener fills them in later, on the task page)
    if (m.from === "screener") return { group: null, groupValues: [] };
    const listed = (query[m.param] ?? "").split(",").map((v) => v.trim()).filter(Boolean);
    return { group: null, groupValues: [...new Set(listed)] };
  }
  // the screener names the group later, on the task page
  if (m.from === "screener") return { group: null, groupValues: [] };
  const group = query[m.param]?.trim();
  return group && groups.names.includes(group) ? { group, groupValues: [] } : null;
}
