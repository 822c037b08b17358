import { z } from "zod";
import { tagFilterSchema } from "@/lib/datasets/tag-filter";
import { DESCRIBED_KINDS, descriptorOf, type DescribedKind } from "@/lib/designs/client";
import { settingsSchema } from "@/lib/designs/settings";
import { ENTRY_MODES, UNIT_TYPES } from "@/lib/designs/types";

// A study as a researcher declares it: the create-study API, the settings form and
// `sally study create --spec` all parse this. Shared settings are top-level fields; the design's
// own config may be given as `config` or as further top-level fields (e.g. `checklists`,
// `models`), and is parsed by the design's schema. Browser-safe: it knows designs by their
// descriptors only. A spec that does not parse names the path
// of each bad field, and nothing is created.

const completionUrl = z
  .string()
  .trim()
  .url("Enter a full URL, e.g. https://app.prolific.com/submissions/complete?cc=CODE")
  .refine((u) => /^https?:\/\//.test(u), "Use an http(s) URL.")
  .max(2000);

const settingsShape = settingsSchema.shape;

/** Fields every design shares, before defaults. */
const commonShape = {
  name: z.string().trim().min(1, "Name the study.").max(200),
  dataset: z.uuid(),
  // round 1 had one design, and its API clients send none
  design: z.enum(DESCRIBED_KINDS as [DescribedKind, ...DescribedKind[]], { error: `Choose one of: ${DESCRIBED_KINDS.join(", ")}.` }).default("validation"),
  unit: z.enum(UNIT_TYPES).optional(),
  filter: tagFilterSchema,
  n: z.number().int().min(1).max(50).optional(),
  maxUnitsPerParticipant: z.number().int().min(1).max(100_000).nullable().default(null),
  leaseMinutes: z.number().int().min(1).max(24 * 60).default(30),
  instructions: z.string().max(50_000).default(""),
  entryMode: z.enum(ENTRY_MODES).default("link"),
  completionUrl: completionUrl.nullable().default(null),
  config: z.record(z.string(), z.unknown()).optional(),
  ...settingsShape,
  // left open here: the design's own default fills it in
  assignmentOrder: settingsShape.assignmentOrder.removeDefault().optional(),
};

const SETTINGS_KEYS = Object.keys(settingsShape) as (keyof typeof settingsShape)[];
const COMMON_KEYS = new Set(Object.keys(commonShape));

// The API and the form say datasetId/unitType; specs say dataset/unit. Both are accepted.
function aliases(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const { datasetId, unitType, ...rest } = input as Record<string, unknown>;
  return { ...(datasetId !== undefined && rest.dataset === undefined ? { dataset: datasetId } : {}), ...(unitType !== undefined && rest.unit === undefined ? { unit: unitType } : {}), ...rest };
}

/** The design's config: `config` merged with the top-level fields the common schema does not know. */
function designConfigInput(raw: Record<string, unknown>): Record<string, unknown> {
  const extra = Object.fromEntries(Object.entries(raw).filter(([k]) => !COMMON_KEYS.has(k) && k !== "datasetId" && k !== "unitType"));
  return { ...((raw.config as Record<string, unknown> | undefined) ?? {}), ...extra };
}

/** The fields a design's config schema knows, when it is an object schema. */
function configKeys(schema: unknown): Set<string> | null {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? new Set(Object.keys(shape)) : null;
}

export const studySpecSchema = z.preprocess(
  aliases,
  z
    .looseObject(commonShape)
    .transform((spec, ctx) => {
      const design = descriptorOf(spec.design);
      if (!design) return z.NEVER;
      // A misspelt field is refused where it was written: top-level fields the common schema does
      // not know go to the design's config, where a loose schema dropped them ("lenguage": "zh"
      // made an English study) and a strict one blamed "config".
      const input = designConfigInput(spec as Record<string, unknown>);
      const known = configKeys(design.config);
      const unknown = known ? Object.keys(input).filter((k) => !known.has(k)) : [];
      for (const k of unknown) {
        const topLevel = Object.hasOwn(spec, k);
        ctx.addIssue({ code: "custom", path: topLevel ? [k] : ["config", k], message: `Unknown field "${k}": not a study setting${topLevel ? "," : ""} nor a setting of a ${design.label.toLowerCase()} study's config.` });
      }
      if (unknown.length) return z.NEVER;
      const parsed = design.config.safeParse(input);
      if (!parsed.success) {
        // a rule over the whole config (validation's "at least one check") is named `config`, not the spec's root
        const under = "config" in spec && spec.config ? ["config"] : [];
        for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.length === 0 ? ["config"] : [...under, ...issue.path] });
        return z.NEVER;
      }
      const unit = spec.unit ?? design.defaultUnitType(parsed.data);
      if (!design.unitTypes.includes(unit)) {
        ctx.addIssue({ code: "custom", path: ["unit"], message: `A ${design.label.toLowerCase()} study takes units of type ${design.unitTypes.join(", ")}.` });
        return z.NEVER;
      }
      if (!design.entryModes.includes(spec.entryMode)) {
        ctx.addIssue({ code: "custom", path: ["entryMode"], message: `A ${design.label.toLowerCase()} study is answered by ${design.entryModes.join(" or ")}.` });
        return z.NEVER;
      }
      const settings = { ...Object.fromEntries(SETTINGS_KEYS.map((k) => [k, spec[k]])), assignmentOrder: spec.assignmentOrder ?? design.defaultAssignmentOrder ?? "fill" } as z.infer<typeof settingsSchema>;
      if (settings.groups && !design.groups) ctx.addIssue({ code: "custom", path: ["groups"], message: `A ${design.label.toLowerCase()} study has no groups.` });
      if (settings.stages.length > 0 && !design.stages) ctx.addIssue({ code: "custom", path: ["stages"], message: `A ${design.label.toLowerCase()} study has no stages.` });
      if (settings.stages.length === 1) ctx.addIssue({ code: "custom", path: ["stages"], message: "Give two stages (answer, then revise with more context), or none." });
      const quotaN = settings.groups ? Object.values(settings.groups.perUnit).reduce((a, b) => a + b, 0) : null;
      if (quotaN !== null && spec.n !== undefined && spec.n !== quotaN) {
        ctx.addIssue({ code: "custom", path: ["n"], message: `With groups, N is the sum of the per-group answers (${quotaN}).` });
      }
      return {
        name: spec.name,
        datasetId: spec.dataset,
        design: spec.design,
        unitType: unit,
        filter: spec.filter,
        n: quotaN ?? spec.n ?? design.defaultN,
        maxUnitsPerParticipant: spec.maxUnitsPerParticipant,
        leaseMinutes: spec.leaseMinutes,
        instructions: spec.instructions,
        entryMode: spec.entryMode,
        completionUrl: spec.completionUrl,
        config: parsed.data as unknown,
        settings,
      };
    }),
);
export type StudySpec = z.output<typeof studySpecSchema>;

const UPDATE_SHAPE = {
  name: commonShape.name.optional(),
  unitType: z.enum(UNIT_TYPES).optional(),
  filter: z.record(z.string().min(1).max(100), z.array(z.string().max(500)).min(1).max(200)).optional(),
  n: z.number().int().min(1).max(50).optional(),
  maxUnitsPerParticipant: z.number().int().min(1).max(100_000).nullable().optional(),
  leaseMinutes: z.number().int().min(1).max(24 * 60).optional(),
  instructions: z.string().max(50_000).optional(),
  entryMode: z.enum(ENTRY_MODES).optional(),
  completionUrl: completionUrl.nullable().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
};

/** What an edit may change, by part. Unit-changing fields are refused once a study has opened with answers.
 *  An unknown field is refused (`{"view": …}` answered 200 and changed nothing). */
export const studyUpdateSchema = z.strictObject(UPDATE_SHAPE, {
  error: (issue) =>
    issue.code === "unrecognized_keys"
      ? `Not a field of a study update: shared settings (view, groups, stages…) go under "settings", a design's own under "config"; the dataset and design never change.`
      : undefined,
});
export type StudyUpdate = z.infer<typeof studyUpdateSchema>;

/** Settings that change which units exist or how many answers each takes. */
export const UNIT_FIELDS = ["unitType", "filter", "n"] as const;
/** Settings that change what participants are asked; locked once the first response exists. */
export const LOCKED_AFTER_FIRST_RESPONSE = ["unitType", "filter", "n", "config", "settings"] as const;

export const STUDY_TRANSITIONS = {
  draft: ["open"],
  open: ["paused", "closed"],
  paused: ["open", "closed"],
  closed: [],
} as const;

export const stateChangeSchema = z.object({ state: z.enum(["open", "paused", "closed"]) });
