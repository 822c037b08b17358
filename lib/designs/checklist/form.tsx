"use client";

import { useTranslations } from "next-intl";
import { PresetButton, useFormKit, type DesignForm, type DesignSectionProps } from "@/lib/designs/form-kit";
import { checklistConfigSchema } from "@/lib/designs/checklist/config";
import { ChecklistEditor } from "@/lib/designs/checklist/form-checklists";
import {
  checklistConfigOf,
  checklistDraftFrom,
  checklistFieldName,
  checklistReason,
  emptyChecklistDraft,
  withDiamondsChecklists,
  type ChecklistFormDraft,
  type TiePolicy,
} from "@/lib/designs/checklist/form-model";

// labels and hints are keys of console.designs.checklist.tie
const TIE_POLICIES: TiePolicy[] = ["needs_review", "keep", "reject"];

function ChecklistSection({ draft, update, errors }: DesignSectionProps<ChecklistFormDraft>) {
  const { Checkbox, Input, RadioGroup, Section, fieldId } = useFormKit();
  const t = useTranslations("console.designs.checklist");
  return (
    <>
      <Section id={fieldId("config")} legend={t("legend")} description={t("description")}>
        {errors.config && (
          <p id={`${fieldId("config")}-error`} className="text-sm font-medium text-danger">
            {errors.config}
          </p>
        )}
        <PresetButton label={t("diamonds")} applied={t("diamondsApplied")} onApply={() => update(withDiamondsChecklists)} />
        <ChecklistEditor draft={draft} update={update} errors={errors} />
        <div className="space-y-4 border-t border-line pt-4">
          <Checkbox id={fieldId("config.comment")} label={t("comment")} checked={draft.comment} onChange={(e) => update((d) => ({ ...d, comment: e.target.checked }))} />
          <Input
            id={fieldId("config.reasoningFields")}
            label={t("reasoning")}
            hint={t("reasoningHint")}
            value={draft.reasoningFields}
            error={errors["config.reasoningFields"]}
            spellCheck={false}
            onChange={(e) => update((d) => ({ ...d, reasoningFields: e.target.value }))}
          />
        </div>
      </Section>
      <Section legend={t("rule")} description={t("ruleDescription")}>
        <RadioGroup
          id={fieldId("config.rule.tiePolicy")}
          name="checklistTiePolicy"
          legend={t("tieLegend")}
          options={TIE_POLICIES.map((p) => ({ value: p, label: t(`tie.${p}.label`), hint: t(`tie.${p}.hint`) }))}
          value={draft.tiePolicy}
          error={errors["config.rule.tiePolicy"]}
          onChange={(tiePolicy) => update((d) => ({ ...d, tiePolicy }))}
        />
      </Section>
    </>
  );
}

function ChecklistSummary({ config }: { config: unknown }) {
  const { SummaryRow: Row } = useFormKit();
  const t = useTranslations("console.designs.checklist");
  const parsed = checklistConfigSchema.safeParse(config);
  if (!parsed.success) return <Row term={t("legend")}>{t("unreadable")}</Row>;
  const c = parsed.data;
  return (
    <>
      {c.checklists.map((list) => (
        <Row key={list.key} term={list.title}>
          <ul className="list-disc pl-5">
            {list.criteria.map((cr) => (
              <li key={cr.key}>
                {cr.prompt} <span className="text-muted">{t("criterionSummary", { key: cr.key, answer: t(`answers.${cr.answer}`), comment: cr.comment })}</span>
              </li>
            ))}
          </ul>
        </Row>
      ))}
      <Row term={t("commentTerm")}>{c.comment ? t("asked") : t("notAsked")}</Row>
      <Row term={t("reasoning")}>{c.reasoningFields.join(", ") || t("none")}</Row>
      <Row term={t("tiePolicy")}>{t(`tie.${c.rule.tiePolicy}.label`)}</Row>
    </>
  );
}

// The checklist review design's part of the console form: its checklists and decision rule.
export const checklistForm: DesignForm<ChecklistFormDraft> = {
  Section: ChecklistSection,
  Summary: ChecklistSummary,
  emptyDraft: emptyChecklistDraft,
  toDraft: checklistDraftFrom,
  toConfig: checklistConfigOf,
  fieldName: checklistFieldName,
  reasonFor: checklistReason,
  nLabel: "Reviewers per unit",
  lockedParts: "checklists and decision rule",
};
