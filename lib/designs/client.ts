import { baselineDescriptor } from "@/lib/designs/baseline/descriptor";
import type { DesignDescriptor } from "@/lib/designs/types";
import { validationDescriptor } from "@/lib/designs/validation/descriptor";
import { checklistDescriptor } from "@/lib/designs/checklist/descriptor";
import { ratingDescriptor } from "@/lib/designs/rating/descriptor";

// What the browser may know of the designs: names, config schemas and unit rules, never server
// code. A new design adds one line here beside its line in lib/designs/index.ts.
const DESCRIPTORS = {
  validation: validationDescriptor,
  baseline: baselineDescriptor,
  checklist: checklistDescriptor,
  rating: ratingDescriptor,
} as const;

export type DescribedKind = keyof typeof DESCRIPTORS;
export const DESCRIBED_KINDS = Object.keys(DESCRIPTORS) as DescribedKind[];

export function isDescribedKind(kind: string): kind is DescribedKind {
  return Object.hasOwn(DESCRIPTORS, kind);
}

/** The descriptor of a design kind, or null. Descriptors of different config types share one
 *  registry; callers parse configs with the descriptor's own schema. */
export function descriptorOf(kind: string): DesignDescriptor | null {
  return isDescribedKind(kind) ? (DESCRIPTORS[kind] as unknown as DesignDescriptor) : null;
}

export { DEFAULT_FLAGS, type ValidationConfig } from "@/lib/designs/validation/config";
export { ENTRY_MODES, UNIT_TYPES, type EntryMode, type UnitType } from "@/lib/designs/types";
