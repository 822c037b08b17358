import type { ContextView } from "@/lib/benchmarks/types";

// Names for the views benchmarks give a context (FANToM short/full, CharToM c0/c1000/c2000,
// DIAMONDs conversation/script, ExploreToM structure/infilled); anything else is tidied up.
const KNOWN: Record<string, string> = {
  short: "Short conversation",
  full: "Full conversation",
  conversation: "Conversation",
  script: "Script",
  structure: "Story structure",
  infilled: "Story",
  text: "Text",
  passage: "Text",
};

export function viewLabel(key: string): string {
  const known = KNOWN[key];
  if (known) return known;
  const window = /^c(\d+)$/.exec(key);
  if (window) return window[1] === "0" ? "No extra context (c=0)" : `Wider context (c=${window[1]})`;
  const words = key.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** The accessible name of a view's scrolling region: the view's own name when it has tabs. */
export function regionLabel(view: ContextView, label: string | undefined, name: string | null): string {
  return name ?? label ?? (view.type === "conversation" ? "Conversation" : "Text");
}
