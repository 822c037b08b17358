import type { useTranslations } from "next-intl";
import type { StudySettings } from "@/lib/designs/settings";

// The words for the set-up form and the read-only settings are in the console.studies.labels
// catalog: entryMode, unit, unitHint, kind, optionOrder, assignmentOrder, language, code.

export type LabelsTranslator = ReturnType<typeof useTranslations<"console.studies.labels">>;

export function samplingText(s: StudySettings["sampling"], l: LabelsTranslator): string {
  if (s.kind === "all") return l("sampling.all");
  if (s.kind === "random") return l("sampling.random", { k: String(s.k), seed: String(s.seed) });
  return l("sampling.stratified", { k: String(s.k), by: s.by.join(" × "), seed: String(s.seed) });
}
