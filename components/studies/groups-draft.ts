import type { Groups } from "@/lib/designs/settings";
import { integer, percentText, share } from "@/components/studies/numbers";
import { blankItem, itemDrafts, itemPayload, type ItemDraft } from "@/components/studies/quality-draft";

// Groups with per-group quotas (e.g. CharToM-QA's readers and non-readers) as the form edits
// them, and their mapping to and from the settings.

export interface GroupDraft {
  id: string;
  name: string;
  /** answers per unit from this group */
  perUnit: string;
}

/** url: a URL parameter's value names the group; url-tag / screener: per item, from the tag values the
 *  participant lists (in a URL parameter or a screener question); choice: the screener's single
 *  choice names the group for the whole study; list: an uploaded id → group list. */
export type MembershipKind = "url" | "url-tag" | "screener" | "choice" | "list";

/** one choice of a whole-study screener and the group it puts a participant in ("": none, turned away) */
export interface ChoiceDraft {
  id: string;
  label: string;
  group: string;
}

export interface GroupsDraft {
  enabled: boolean;
  groups: GroupDraft[];
  balanceTolerance: string;
  membership: MembershipKind;
  param: string;
  tag: string;
  screenerPrompt: string;
  screenerHelp: string;
  screenerChoices: ChoiceDraft[];
  /** "external id, group" per line */
  list: string;
  familiarity: boolean;
  familiarityItems: ItemDraft[];
  familiarityPercent: string;
}

export function emptyGroupsDraft(): GroupsDraft {
  return {
    enabled: false,
    groups: [
      { id: "group-0", name: "", perUnit: "1" },
      { id: "group-1", name: "", perUnit: "1" },
    ],
    balanceTolerance: "1",
    membership: "url",
    param: "group",
    tag: "",
    screenerPrompt: "",
    screenerHelp: "",
    screenerChoices: [
      { id: "choice-0", label: "", group: "" },
      { id: "choice-1", label: "", group: "" },
    ],
    list: "",
    familiarity: false,
    familiarityItems: [blankItem("familiarity-0")],
    familiarityPercent: "100",
  };
}

function membershipKind(m: Groups["membership"]): MembershipKind {
  if (m.from === "list") return "list";
  if ("tag" in m) return m.from === "screener" ? "screener" : "url-tag";
  return m.from === "screener" ? "choice" : "url";
}

export function groupsDraftFrom(g: Groups | null): GroupsDraft {
  const base = emptyGroupsDraft();
  if (!g) return base;
  return {
    enabled: true,
    groups: g.names.map((name, i) => ({ id: `group-${i}`, name, perUnit: String(g.perUnit[name] ?? 0) })),
    balanceTolerance: String(g.balanceTolerance),
    membership: membershipKind(g.membership),
    param: "param" in g.membership ? g.membership.param : base.param,
    tag: "tag" in g.membership ? g.membership.tag : "",
    screenerPrompt: g.screener?.prompt ?? "",
    screenerHelp: g.screener?.help ?? "",
    screenerChoices: g.screener?.options?.map((o, i) => ({ id: `choice-${i}`, label: o.label, group: o.group ?? "" })) ?? base.screenerChoices,
    list: Object.entries(g.list ?? {}).map(([id, group]) => `${id}, ${group}`).join("\n"),
    familiarity: Boolean(g.familiarity),
    familiarityItems: g.familiarity ? itemDrafts(g.familiarity.items, "familiarity") : base.familiarityItems,
    familiarityPercent: g.familiarity ? percentText(g.familiarity.passThreshold) : base.familiarityPercent,
  };
}

/** "id, group" or "id<TAB>group" per line; blank lines skipped. */
export function parseGroupList(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const at = line.search(/[,\t]/);
    // a line without a separator gives an empty group name, which validation reports
    const [id, group] = at < 0 ? [line, ""] : [line.slice(0, at), line.slice(at + 1)];
    out[id.trim()] = group.trim();
  }
  return out;
}

export function groupsPayload(g: GroupsDraft) {
  if (!g.enabled) return null;
  const names = g.groups.map((x) => x.name.trim());
  const membership =
    g.membership === "list"
      ? { from: "list" as const }
      : g.membership === "choice"
        ? { from: "screener" as const }
        : g.membership === "url"
          ? { from: "url" as const, param: g.param.trim() }
          : { from: g.membership === "screener" ? ("screener" as const) : ("url" as const), tag: g.tag.trim(), param: g.param.trim() };
  const screened = g.membership === "screener" || g.membership === "choice";
  return {
    names,
    perUnit: Object.fromEntries(g.groups.map((x) => [x.name.trim(), integer(x.perUnit)])),
    balanceTolerance: integer(g.balanceTolerance),
    membership,
    ...(screened
      ? {
          screener: {
            prompt: g.screenerPrompt.trim(),
            ...(g.screenerHelp.trim() ? { help: g.screenerHelp.trim() } : {}),
            ...(g.membership === "choice" ? { options: g.screenerChoices.map((c) => ({ label: c.label.trim(), group: c.group.trim() || null })) } : {}),
          },
        }
      : {}),
    ...(g.membership === "list" ? { list: parseGroupList(g.list) } : {}),
    ...(g.familiarity
      ? { familiarity: { items: g.familiarityItems.map((it) => ({ ...itemPayload(it), ...(it.tagValue.trim() ? { tagValue: it.tagValue.trim() } : {}) })), passThreshold: share(g.familiarityPercent) } }
      : {}),
  };
}

/** With groups, N is the sum of the per-group answers (the spec refuses anything else). */
export function groupsN(g: GroupsDraft): number | null {
  if (!g.enabled) return null;
  const sum = g.groups.reduce((a, x) => a + integer(x.perUnit), 0);
  return Number.isFinite(sum) ? sum : null;
}
