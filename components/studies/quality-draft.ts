import type { StudySettings } from "@/lib/designs/settings";
import { filterPayload, filterRows, type FilterRow } from "@/components/studies/filter-model";
import { integer, numberText, optionalInteger, optionalShare, percentText, share } from "@/components/studies/numbers";

// Quality control as the form edits it (qualification, training, attention checks, gold items,
// the exclusion policy), each switched on or off, and its mapping to and from the settings.

/** A multiple-choice item the researcher writes (attention check, familiarity question). */
export interface ItemDraft {
  id: string;
  prompt: string;
  /** one option per line */
  options: string;
  /** the right option's index ("0" is the first line); "" until chosen */
  answer: string;
  /** familiarity items: the tag value (book) the item is about; empty: any */
  tagValue: string;
}

export interface QualityDraft {
  qualification: { enabled: boolean; filter: FilterRow[]; k: string; passPercent: string; attempts: "1" | "2"; sharedWith: string[] };
  training: { enabled: boolean; filter: FilterRow[]; k: string };
  attention: { enabled: boolean; every: string; items: ItemDraft[] };
  gold: { enabled: boolean; filter: FilterRow[]; every: string };
  exclusion: { enabled: boolean; maxFailedAttention: string; minGoldPercent: string; minGoldItems: string; partialAnswers: "keep" | "discard" };
}

export const optionLines = (text: string) => text.split("\n").map((l) => l.trim()).filter(Boolean);

export function blankItem(id: string): ItemDraft {
  return { id, prompt: "", options: "", answer: "", tagValue: "" };
}

export function itemDrafts(items: { prompt: string; options: string[]; answer: number; tagValue?: string }[], prefix: string): ItemDraft[] {
  return items.map((it, i) => ({ id: `${prefix}-${i}`, prompt: it.prompt, options: it.options.join("\n"), answer: String(it.answer), tagValue: it.tagValue ?? "" }));
}

/** An answer that is not one of the item's options is sent as NaN, so validation names it. */
export function itemPayload(item: ItemDraft) {
  const options = optionLines(item.options);
  const answer = integer(item.answer);
  return { prompt: item.prompt.trim(), options, answer: answer >= 0 && answer < options.length ? answer : Number.NaN };
}

export function emptyQualityDraft(): QualityDraft {
  return {
    qualification: { enabled: false, filter: [], k: "5", passPercent: "80", attempts: "2", sharedWith: [] },
    training: { enabled: false, filter: [], k: "3" },
    attention: { enabled: false, every: "10", items: [blankItem("attention-0")] },
    gold: { enabled: false, filter: [], every: "10" },
    exclusion: { enabled: false, maxFailedAttention: "", minGoldPercent: "", minGoldItems: "3", partialAnswers: "keep" },
  };
}

type Quality = Pick<StudySettings, "qualification" | "training" | "attention" | "gold" | "exclusion">;

export function qualityDraftFrom(s: Quality): QualityDraft {
  const base = emptyQualityDraft();
  return {
    qualification: s.qualification
      ? { enabled: true, filter: filterRows(s.qualification.filter, "qf"), k: String(s.qualification.k), passPercent: percentText(s.qualification.passThreshold), attempts: s.qualification.attempts === 1 ? "1" : "2", sharedWith: [...s.qualification.sharedWith] }
      : base.qualification,
    training: s.training ? { enabled: true, filter: filterRows(s.training.filter, "tf"), k: String(s.training.k) } : base.training,
    attention: s.attention ? { enabled: true, every: String(s.attention.every), items: itemDrafts(s.attention.items, "attention") } : base.attention,
    gold: s.gold ? { enabled: true, filter: filterRows(s.gold.filter, "gf"), every: String(s.gold.every) } : base.gold,
    exclusion: s.exclusion
      ? {
          enabled: true,
          maxFailedAttention: numberText(s.exclusion.maxFailedAttention),
          minGoldPercent: percentText(s.exclusion.minGoldAccuracy),
          minGoldItems: String(s.exclusion.minGoldItems),
          partialAnswers: s.exclusion.partialAnswers,
        }
      : base.exclusion,
  };
}

export function qualityPayload(q: QualityDraft) {
  return {
    qualification: q.qualification.enabled
      ? { filter: filterPayload(q.qualification.filter), k: integer(q.qualification.k), passThreshold: share(q.qualification.passPercent), attempts: Number(q.qualification.attempts), sharedWith: q.qualification.sharedWith }
      : null,
    training: q.training.enabled ? { filter: filterPayload(q.training.filter), k: integer(q.training.k) } : null,
    attention: q.attention.enabled ? { every: integer(q.attention.every), items: q.attention.items.map(itemPayload) } : null,
    gold: q.gold.enabled ? { filter: filterPayload(q.gold.filter), every: integer(q.gold.every) } : null,
    exclusion: q.exclusion.enabled
      ? {
          maxFailedAttention: optionalInteger(q.exclusion.maxFailedAttention),
          minGoldAccuracy: optionalShare(q.exclusion.minGoldPercent),
          minGoldItems: integer(q.exclusion.minGoldItems),
          partialAnswers: q.exclusion.partialAnswers,
        }
      : null,
  };
}
