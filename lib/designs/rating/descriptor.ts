import type { DesignDescriptor } from "@/lib/designs/types";
import { defaultRatingConfig, ratingConfigSchema, type RatingConfig } from "@/lib/designs/rating/config";

export const ratingDescriptor: DesignDescriptor<RatingConfig> = {
  kind: "rating",
  label: "Response rating",
  description: "Raters score imported model answers against the reference answer, blind to the model; human scores are correlated with automatic metrics.",
  config: ratingConfigSchema,
  defaultConfig: defaultRatingConfig,
  // a unit is one model's answer to one question: specs say "question", and the unit builder
  // makes one unit per question × model because the design names models
  unitTypes: ["question"],
  defaultUnitType: () => "question",
  defaultN: 2,
  // raters see the reference answer: accounts only, never a crowd link
  entryModes: ["annotators"],
  stages: false,
  groups: false,
  // answers of different models interleaved in a random order recorded per rater
  defaultAssignmentOrder: "random",
};
