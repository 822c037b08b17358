import { CHARTOM_PENALTIES, ratingConfigSchema } from "@/lib/designs/rating/config";

// The rating section's draft: the models whose answers are rated, the scale, the penalty
// statements (one per line), as the researcher types them, and its mapping to and from the
// config. Pure, so it is unit-tested.

export interface RatingDraft {
  models: string[];
  min: string;
  max: string;
  step: string;
  /** one statement per line */
  penalties: string;
  comment: boolean;
  /** the lexical coverage threshold as a percentage (10–100) */
  coveragePercent: string;
}

/** A number as typed, negative and decimals allowed; anything else is NaN, so validation names it. */
function number(text: string): number {
  const t = text.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

const percent = (share: number) => String(Math.round(share * 10_000) / 100);

/** No model chosen yet: the design's default names a placeholder model, which no dataset has. */
export function emptyRatingDraft(): RatingDraft {
  return { models: [], min: "0", max: "1", step: "0.25", penalties: "", comment: true, coveragePercent: "60" };
}

export function ratingDraftFrom(config: unknown): RatingDraft {
  const parsed = ratingConfigSchema.safeParse(config);
  if (!parsed.success) return emptyRatingDraft();
  const c = parsed.data;
  return {
    models: [...c.models],
    min: String(c.scale.min),
    max: String(c.scale.max),
    step: String(c.scale.step),
    penalties: c.penalties.join("\n"),
    comment: c.comment,
    coveragePercent: percent(c.coverageThreshold),
  };
}

export function ratingConfigOf(d: RatingDraft) {
  return {
    models: d.models,
    scale: { min: number(d.min), max: number(d.max), step: number(d.step) },
    penalties: d.penalties.split("\n").map((p) => p.trim()).filter(Boolean),
    comment: d.comment,
    coverageThreshold: number(d.coveragePercent) / 100,
  };
}

/** CharToM-QA's defect statements, added to those already written (none twice). */
export function withChartomPenalties(d: RatingDraft): RatingDraft {
  const now = d.penalties.split("\n").map((p) => p.trim()).filter(Boolean);
  return { ...d, penalties: [...new Set([...now, ...CHARTOM_PENALTIES])].join("\n") };
}

/** Models offered: the dataset's, and any chosen one it does not have (so it can be unchosen). */
export function modelChoices(d: RatingDraft, models: string[]): string[] {
  return [...new Set([...models, ...d.models])];
}

const NAMES: Record<string, string> = {
  "config.models": "Models",
  "config.scale": "Scale",
  "config.scale.min": "Scale minimum",
  "config.scale.max": "Scale maximum",
  "config.scale.step": "Scale step",
  "config.penalties": "Penalties",
  "config.coverageThreshold": "Coverage threshold",
};

export function ratingFieldName(name: string): string | null {
  if (NAMES[name]) return NAMES[name]!;
  if (/^config\.penalties\.\d+$/.test(name)) return `Penalty ${Number(name.split(".")[2]) + 1}`;
  return null;
}

export function ratingReason(name: string): string | null {
  if (name === "config.models") return "Choose at least one model.";
  if (name.startsWith("config.scale.")) return "Enter a number from -1000 to 1000.";
  if (name === "config.coverageThreshold") return "Enter a percentage from 10 to 100.";
  if (name === "config.penalties") return "At most 20 penalties.";
  return null;
}
