"use client";

import { baselineForm } from "@/lib/designs/baseline/form";
import { checklistForm } from "@/lib/designs/checklist/form";
import type { DesignForm } from "@/lib/designs/form-kit";
import { ratingForm } from "@/lib/designs/rating/form";
import { validationForm } from "@/lib/designs/validation/form";

// The console form's section of each design. A new design adds one line here beside its lines in
// lib/designs/index.ts and client.ts; the common form knows designs only through this registry.
const FORMS = {
  validation: validationForm,
  baseline: baselineForm,
  checklist: checklistForm,
  rating: ratingForm,
} as const;

export type FormKind = keyof typeof FORMS;

export function hasForm(kind: string): kind is FormKind {
  return Object.hasOwn(FORMS, kind);
}

/** A design's form section, or null. Each design's draft type is its own; the common form holds
 *  drafts as `unknown` and hands each back only to the design that made it, so erasing is sound. */
export function formOf(kind: string): DesignForm<unknown> | null {
  return hasForm(kind) ? (FORMS[kind] as unknown as DesignForm<unknown>) : null;
}

export type { DatasetFacts, DesignForm, DesignSectionProps, FieldErrors, FormKit } from "@/lib/designs/form-kit";
