import type { ContextView } from "@/lib/benchmarks/types";

/** next-intl's `t` for the "context" namespace. */
type Translate = (key: string, values?: Record<string, string | number>) => string;

// Names for the views benchmarks give a context (FANToM short/full, CharToM c0/c1000/c2000,
// DIAMONDs conversation/script, ExploreToM structure/infilled), from the catalogs' "context.view";
// anything else is the benchmark's own name, tidied up.
const KNOWN = new Set(["short", "full", "conversation", "script", "structure", "infilled", "text", "passage"]);

export function viewLabel(key: string, t: Translate): string {
  if (KNOWN.has(key)) return t(`view.${key}`);
  const window = /^c(\d+)$/.exec(key);
  if (window) return window[1] === "0" ? t("view.noExtra") : t("view.wider", { size: window[1]! });
  const words = key.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** The accessible name of a view's scrolling region: the view's own name when it has tabs. */
export function regionLabel(view: ContextView, label: string | undefined, name: string | null, t: Translate): string {
  return name ?? label ?? (view.type === "conversation" ? t("conversation") : t("text"));
}
