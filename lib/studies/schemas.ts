import { z } from "zod";
import { validationConfigSchema } from "@/lib/designs/validation/config";

export const ENTRY_MODES = ["link", "prolific", "mturk", "annotators"] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

// tag → accepted values; a question matches when every listed tag has one of its values
export const filterSchema = z.record(z.string().min(1).max(100), z.array(z.string().max(500)).min(1).max(200)).default({});

const completionUrl = z
  .string()
  .trim()
  .url("Enter a full URL, e.g. https://app.prolific.com/submissions/complete?cc=CODE")
  .refine((u) => /^https?:\/\//.test(u), "Use an http(s) URL.")
  .max(2000);

export const createStudySchema = z.object({
  name: z.string().trim().min(1, "Name the study.").max(200),
  datasetId: z.string().uuid(),
  design: z.literal("validation").default("validation"),
  unitType: z.enum(["context", "question"]),
  filter: filterSchema,
  n: z.number().int().min(1).max(50).default(3),
  maxUnitsPerParticipant: z.number().int().min(1).max(100_000).nullable().default(null),
  leaseMinutes: z.number().int().min(1).max(24 * 60).default(30),
  instructions: z.string().max(50_000).default(""),
  entryMode: z.enum(ENTRY_MODES).default("link"),
  completionUrl: completionUrl.nullable().default(null),
  config: validationConfigSchema,
});

export const updateStudySchema = createStudySchema.omit({ datasetId: true, design: true }).partial();

export const STUDY_TRANSITIONS = {
  draft: ["open"],
  open: ["paused", "closed"],
  paused: ["open", "closed"],
  closed: [],
} as const;

export const stateChangeSchema = z.object({ state: z.enum(["open", "paused", "closed"]) });

export type CreateStudy = z.infer<typeof createStudySchema>;
export type UpdateStudy = z.infer<typeof updateStudySchema>;
// settings that change what participants were asked; locked once the first response exists
export const LOCKED_AFTER_FIRST_RESPONSE = ["unitType", "filter", "n", "config"] as const;
