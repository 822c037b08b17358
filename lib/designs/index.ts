import { AppError } from "@/lib/errors";
import { baseline } from "@/lib/designs/baseline/design";
import type { Design } from "@/lib/designs/types";
import { validation } from "@/lib/designs/validation/design";
import { checklist } from "@/lib/designs/checklist/design";
import { rating } from "@/lib/designs/rating/design";

// The registry: a new design is a folder under lib/designs/ plus one line here. Nothing outside
// a design's folder imports from it; everything goes through this module and its types.
const DESIGNS = {
  validation,
  baseline,
  checklist,
  rating,
} as const;

export type DesignKind = keyof typeof DESIGNS;
export const DESIGN_KINDS = Object.keys(DESIGNS) as DesignKind[];

export function isDesignKind(kind: string): kind is DesignKind {
  return Object.hasOwn(DESIGNS, kind);
}

/** The design of a kind. The registry holds designs of different config types; callers pass a
 *  study whose config was parsed by this same design's schema, so erasing the type is sound. */
export function designOf(kind: string): Design {
  if (!isDesignKind(kind)) throw new AppError("invalid_input", `Unknown study design "${kind}".`);
  return DESIGNS[kind] as unknown as Design;
}

export type { AdjudicationItem, AgreementFigures, ParticipantFigures, Check, CheckTally, Design, DesignResults, ReadCtx, ResultsSummary, StoredResponse, Study, Unit, UnitCtx, UnitDecision, UnitStatus, UnitType, UnitView, ViewQuestion, VoteCheck, VoteFamilies, VoteUnit } from "@/lib/designs/types";
export { ENTRY_MODES, UNIT_TYPES, type EntryMode } from "@/lib/designs/types";
export type { ValidationResults, UnitRow as ValidationUnitRow } from "@/lib/designs/validation/results";
export type { ValidationConfig } from "@/lib/designs/validation/config";
export type { AccuracyRow, BaselineResults, ModelRow } from "@/lib/designs/baseline/results";
export type { ChecklistResults } from "@/lib/designs/checklist/results";
export type { RatingResults } from "@/lib/designs/rating/results";
