import type { LinkParam } from "@/components/studies/share-links";
import type { Groups } from "@/lib/designs/settings";

/** What a groups study's link must add, when the link places people in groups (null otherwise):
 *  the bare link alone was refused ("this link does not name your group"), or put everyone in
 *  the second group for every item, and the study page showed only the bare link. */
export function linkParamOf(groups: Groups | null): LinkParam | null {
  const m = groups?.membership;
  if (!groups || !m || m.from !== "url") return null;
  if ("tag" in m) return { kind: "values", param: m.param, tag: m.tag, members: groups.names[0]!, others: groups.names[1]! };
  return { kind: "group", param: m.param, names: groups.names };
}
