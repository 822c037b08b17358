"use client";

import { useState } from "react";
import { useFormKit, type DesignForm, type DesignSectionProps } from "@/lib/designs/form-kit";
import { checklistConfigSchema } from "@/lib/designs/checklist/config";
import { ANSWER_LABELS, ChecklistEditor } from "@/lib/designs/checklist/form-checklists";
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

const TIE_LABELS: Record<TiePolicy, { label: string; hint: string }> = {
  needs_review: { label: "Needs review", hint: "The item waits in the adjudication queue for your decision (default)." },
  keep: { label: "Keep", hint: "A criterion with as many passing as failing reviews does not drop the item." },
  reject: { label: "Reject", hint: "A tied criterion drops the item." },
};

function ChecklistSection({ draft, update, errors }: DesignSectionProps<ChecklistFormDraft>) {
  const { Button, Checkbox, Input, RadioGroup, Section, fieldId } = useFormKit();
  const [notice, setNotice] = useState("");
  return (
    <>
      <Section id={fieldId("config")} legend="Checklists" description="What each reviewer answers about a unit, one criterion at a time. An item failing any criterion (by the reviewers’ majority) is dropped.">
        {errors.config && (
          <p id={`${fieldId("config")}-error`} className="text-sm font-medium text-danger">
            {errors.config}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              update(withDiamondsChecklists);
              setNotice("The DIAMONDs checklists replaced the checklists: script and answer, script and conversation.");
            }}
          >
            Start from the DIAMONDs checklists
          </Button>
          <span className="text-sm text-muted" aria-live="polite">
            {notice}
          </span>
        </div>
        <ChecklistEditor draft={draft} update={update} errors={errors} />
        <div className="space-y-4 border-t border-line pt-4">
          <Checkbox id={fieldId("config.comment")} label="A comment on the whole unit" checked={draft.comment} onChange={(e) => update((d) => ({ ...d, comment: e.target.checked }))} />
          <Input
            id={fieldId("config.reasoningFields")}
            label="Reasoning fields"
            hint="Fields of the source record shown to reviewers as the benchmark’s reasoning, the first present wins; comma-separated (DIAMONDs: solution_gpt, solution_claude)."
            value={draft.reasoningFields}
            error={errors["config.reasoningFields"]}
            spellCheck={false}
            onChange={(e) => update((d) => ({ ...d, reasoningFields: e.target.value }))}
          />
        </div>
      </Section>
      <Section legend="Decision rule" description="Each criterion is decided by the majority of its reviews.">
        <RadioGroup
          id={fieldId("config.rule.tiePolicy")}
          name="checklistTiePolicy"
          legend="When the reviews of a criterion are tied"
          options={(Object.keys(TIE_LABELS) as TiePolicy[]).map((p) => ({ value: p, label: TIE_LABELS[p].label, hint: TIE_LABELS[p].hint }))}
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
  const parsed = checklistConfigSchema.safeParse(config);
  if (!parsed.success) return <Row term="Checklists">Unreadable configuration</Row>;
  const c = parsed.data;
  return (
    <>
      {c.checklists.map((list) => (
        <Row key={list.key} term={list.title}>
          <ul className="list-disc pl-5">
            {list.criteria.map((cr) => (
              <li key={cr.key}>
                {cr.prompt} <span className="text-muted">({cr.key}; {ANSWER_LABELS[cr.answer]}; comment {cr.comment})</span>
              </li>
            ))}
          </ul>
        </Row>
      ))}
      <Row term="Comment on the unit">{c.comment ? "Asked" : "Not asked"}</Row>
      <Row term="Reasoning fields">{c.reasoningFields.join(", ") || "None"}</Row>
      <Row term="Tie policy">{TIE_LABELS[c.rule.tiePolicy].label}</Row>
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
