"use client";

import type { DesignForm, DesignSectionProps } from "@/lib/designs/form-kit";
import { ChecksFields } from "@/lib/designs/validation/form/checks-fields";
import { validationFieldName, validationReason } from "@/lib/designs/validation/form/errors";
import { emptyValidationDraft, validationConfigOf, validationDraftFrom, withoutJudge, type ValidationDraft } from "@/lib/designs/validation/form/model";
import { RuleFields } from "@/lib/designs/validation/form/rule-fields";
import { ValidationSummary } from "@/lib/designs/validation/form/summary";

function ValidationSection({ draft, update, errors, dataset }: DesignSectionProps<ValidationDraft>) {
  return (
    <>
      <ChecksFields draft={draft} update={update} errors={errors} />
      <RuleFields draft={draft} update={update} errors={errors} dataset={dataset} />
    </>
  );
}

// The validation design's part of the console form: its checks and its decision rule.
export const validationForm: DesignForm<ValidationDraft> = {
  Section: ValidationSection,
  Summary: ValidationSummary,
  emptyDraft: emptyValidationDraft,
  toDraft: validationDraftFrom,
  toConfig: validationConfigOf,
  datasetChanged: withoutJudge,
  fieldName: validationFieldName,
  reasonFor: validationReason,
  nLabel: "Annotators per unit",
  lockedParts: "checks and decision rule",
};
