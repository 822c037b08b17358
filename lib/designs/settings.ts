import { z } from "zod";
import { tagFilterSchema } from "@/lib/datasets/tag-filter";
import { LOCALES, type Locale } from "@/lib/i18n/locales";

// What every design can use, beside its own config: how questions are sampled, which context
// view is shown, groups with per-group quotas, staged reveal, quality control, consent and
// language. Stored in Study.settings and parsed once by the study loader.

const name = z.string().trim().min(1).max(100);
const seed = z.number().int().min(0).max(2 ** 31 - 1).default(1);

export const samplingSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("all") }),
    z.object({ kind: z.literal("random"), k: z.number().int().min(1).max(1_000_000), seed }),
    z.object({
      kind: z.literal("stratified"),
      by: z.array(name).min(1).max(5),
      k: z.number().int().min(1).max(1_000_000),
      seed,
    }),
  ])
  .default({ kind: "all" });
export type Sampling = z.infer<typeof samplingSchema>;

const membershipSchema = z.union([
  // the URL parameter's value is the group name
  z.object({ from: z.literal("url"), param: name }).strict(),
  // per item: in names[0] for units whose tag value the participant listed, else names[1]
  z.object({ from: z.enum(["url", "screener"]), tag: name, param: name }).strict(),
  // an uploaded external id → group list
  z.object({ from: z.literal("list") }).strict(),
  // the screener's single choice names the group (for the whole study)
  z.object({ from: z.literal("screener") }).strict(),
]);

export const groupsSchema = z
  .object({
    names: z.array(name).min(2).max(10),
    perUnit: z.record(name, z.number().int().min(0).max(50)),
    balanceTolerance: z.number().int().min(0).max(1000).default(1),
    membership: membershipSchema,
    /** the screener's question, for membership from a screener */
    screener: z
      .object({
        prompt: z.string().trim().min(1).max(1000),
        help: z.string().trim().max(2000).optional(),
        /** a whole-study screener: the choices and the group each puts a participant in (null: fits no group) */
        options: z.array(z.object({ label: z.string().trim().min(1).max(500), group: name.nullable() })).min(2).max(20).optional(),
      })
      .optional(),
    /** an uploaded external id → group list, for membership from a list */
    list: z.record(z.string().min(1).max(200), name).optional(),
    /** questions a member of names[0] should answer right; failing makes them count as names[1] */
    familiarity: z
      .object({
        items: z
          .array(z.object({ tagValue: z.string().max(500).optional(), prompt: z.string().trim().min(1).max(1000), options: z.array(z.string().trim().min(1).max(500)).min(2).max(9), answer: z.number().int().min(0) }))
          .min(1)
          .max(20),
        passThreshold: z.number().min(0).max(1).default(1),
      })
      .optional(),
  })
  .superRefine((g, ctx) => {
    const names = new Set(g.names);
    if (names.size !== g.names.length) ctx.addIssue({ code: "custom", path: ["names"], message: "Group names must be unique." });
    for (const key of Object.keys(g.perUnit)) {
      if (!names.has(key)) ctx.addIssue({ code: "custom", path: ["perUnit", key], message: `"${key}" is not one of the groups.` });
    }
    if (Object.values(g.perUnit).every((v) => v === 0)) ctx.addIssue({ code: "custom", path: ["perUnit"], message: "At least one group needs answers." });
    if (g.membership.from === "screener" && !("tag" in g.membership)) {
      const options = g.screener?.options;
      if (!options) ctx.addIssue({ code: "custom", path: ["screener", "options"], message: "A screener that names the group needs its choices and the group of each." });
      for (const [i, o] of (options ?? []).entries()) {
        if (o.group !== null && !names.has(o.group)) ctx.addIssue({ code: "custom", path: ["screener", "options", i, "group"], message: `"${o.group}" is not one of the groups.` });
      }
    }
    if (g.membership.from === "screener" && !g.screener) ctx.addIssue({ code: "custom", path: ["screener"], message: "Membership from a screener needs the screener's question." });
    for (const [i, item] of (g.familiarity?.items ?? []).entries()) {
      if (item.answer >= item.options.length) ctx.addIssue({ code: "custom", path: ["familiarity", "items", i, "answer"], message: "The answer must be one of the options (counted from 0)." });
    }
    if ("tag" in g.membership && g.names.length !== 2) {
      ctx.addIssue({ code: "custom", path: ["names"], message: "Per-item membership needs exactly two groups (members, then the others)." });
    }
  });
export type Groups = z.infer<typeof groupsSchema>;

export const stageSchema = z.object({ view: name, label: z.string().trim().max(200).optional() });
export type Stage = z.infer<typeof stageSchema>;

const itemSchema = z.object({
  prompt: z.string().trim().min(1).max(2000),
  options: z.array(z.string().trim().min(1).max(500)).min(2).max(9),
  answer: z.number().int().min(0),
});

export const qualityShape = {
  qualification: z
    .object({
      filter: tagFilterSchema,
      k: z.number().int().min(1).max(50),
      passThreshold: z.number().min(0).max(1),
      attempts: z.number().int().min(1).max(2).default(2),
      /** studies whose passed qualification also counts here (matched by external id or account) */
      sharedWith: z.array(z.uuid()).max(50).default([]),
    })
    .nullable()
    .default(null),
  training: z.object({ filter: tagFilterSchema, k: z.number().int().min(1).max(20) }).nullable().default(null),
  attention: z.object({ every: z.number().int().min(1).max(1000), items: z.array(itemSchema).min(1).max(50) }).nullable().default(null),
  gold: z.object({ filter: tagFilterSchema, every: z.number().int().min(1).max(1000) }).nullable().default(null),
  exclusion: z
    .object({
      maxFailedAttention: z.number().int().min(0).max(100).nullable().default(null),
      minGoldAccuracy: z.number().min(0).max(1).nullable().default(null),
      /** gold accuracy is judged only after this many gold answers */
      minGoldItems: z.number().int().min(1).max(100).default(3),
      /** a participant's partial answers when they return or time out */
      partialAnswers: z.enum(["keep", "discard"]).default("keep"),
    })
    .nullable()
    .default(null),
};

/** What participants are paid beyond the base reward: per valid unit, and for gold accuracy. */
export const bonusSchema = z
  .object({
    perValidUnit: z.number().min(0).max(1000).default(0),
    gold: z.object({ minAccuracy: z.number().min(0).max(1), amount: z.number().min(0).max(1000) }).nullable().default(null),
  })
  .nullable()
  .default(null);

const code = z.string().trim().min(1).max(100);
export const completionCodesSchema = z
  .object({
    completed: code.optional(),
    screenedOut: code.optional(),
    failedQualification: code.optional(),
    failedAttention: code.optional(),
    noTasks: code.optional(),
  })
  .default({});

export const consentSchema = z
  .object({
    /** markdown shown before consent, apart from the task instructions */
    informationSheet: z.string().max(50_000).default(""),
    contact: z.string().trim().max(500).default(""),
    version: z.string().trim().max(50).default("1"),
    /** shown on the consent page; estimated from the units when absent */
    expectedMinutes: z.number().int().min(1).max(1000).nullable().default(null),
    debrief: z.string().max(50_000).default(""),
  })
  .default({ informationSheet: "", contact: "", version: "1", expectedMinutes: null, debrief: "" });

export const LANGUAGES = LOCALES;
export type Language = Locale;

export const settingsSchema = z.object({
  sampling: samplingSchema,
  /** the context view participants read (FANToM short/full, CharToM c0/c1000/c2000...); null: the dataset's default */
  view: name.nullable().default(null),
  /** views shown side by side (expert review); empty: the one view above */
  views: z.array(name).max(3).default([]),
  /** which question kinds participants answer; empty: all */
  kinds: z.array(z.enum(["single_choice", "multi_select", "yes_no", "numeric", "short_text", "free_text"])).default([]),
  optionOrder: z.enum(["benchmark", "shuffle"]).default("benchmark"),
  groups: groupsSchema.nullable().default(null),
  stages: z.array(stageSchema).max(2).default([]),
  ...qualityShape,
  completionCodes: completionCodesSchema,
  bonus: bonusSchema,
  consent: consentSchema,
  language: z.enum(LANGUAGES).default("en"),
  allowLanguageSwitch: z.boolean().default(false),
  /** exposure: people who took part in these studies are turned away (matched by external id or account) */
  excludeParticipantsOf: z.array(z.uuid()).max(50).default([]),
  /** at most this many units per context per participant */
  maxUnitsPerContext: z.number().int().min(1).max(100_000).nullable().default(null),
  /** never the same question twice across these studies (matched by external id or account) */
  linkedStudies: z.array(z.uuid()).max(50).default([]),
  /** "fill": finish started units first, so early figures mean something; "spread": least answered
   *  first; "random": a different random order for each participant (rating: answers of different
   *  models interleaved per rater) */
  assignmentOrder: z.enum(["fill", "spread", "random"]).default("fill"),
  /** expert designs: whether reviewers see each other's answers after submitting their own */
  showOthersAfterSubmit: z.boolean().default(false),
});
export type StudySettings = z.infer<typeof settingsSchema>;

export function defaultSettings(): StudySettings {
  return settingsSchema.parse({});
}
