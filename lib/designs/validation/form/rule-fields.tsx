"use client";

import { useFormKit, type DatasetFacts, type FieldErrors } from "@/lib/designs/form-kit";
import type { TiePolicy } from "@/lib/designs/validation/config";
import { TIE_HINTS, TIE_POLICY_LABELS } from "@/lib/designs/validation/form/labels";
import type { ValidationDraft } from "@/lib/designs/validation/form/model";

type Update = (change: (d: ValidationDraft) => ValidationDraft) => void;

export function RuleFields({ draft, update, errors, dataset }: { draft: ValidationDraft; update: Update; errors: FieldErrors; dataset: DatasetFacts }) {
  const { Checkbox, RadioGroup, Section, Select, fieldId } = useFormKit();
  const none = dataset.models.length === 0;
  return (
    <Section legend="Decision rule" description="Each check is decided by the majority of its votes.">
      <RadioGroup
        id={fieldId("config.rule.tiePolicy")}
        name="tiePolicy"
        legend="When the votes on a check are tied"
        options={(Object.keys(TIE_POLICY_LABELS) as TiePolicy[]).map((p) => ({ value: p, label: TIE_POLICY_LABELS[p], hint: TIE_HINTS[p] }))}
        value={draft.tiePolicy}
        error={errors["config.rule.tiePolicy"]}
        onChange={(tiePolicy) => update((d) => ({ ...d, tiePolicy }))}
      />
      <Checkbox
        id={fieldId("config.rule.llmJudge")}
        label="Also require the LLM judge to agree"
        hint={
          !dataset.chosen
            ? "Choose a dataset first: the judge is one of its imported models."
            : none
              ? "This dataset has no imported model predictions, so there is no judge to choose."
              : "An item is kept only when the human majority AND the LLM judge (its imported predictions) both call it valid."
        }
        disabled={none && !draft.llmJudge}
        checked={draft.llmJudge}
        error={errors["config.rule.llmJudge"]}
        onChange={(e) => update((d) => ({ ...d, llmJudge: e.target.checked }))}
      />
      {draft.llmJudge && (
        <div className="sm:ml-8">
          <Select
            id={fieldId("config.rule.llmJudge.model")}
            label="Judge model"
            value={draft.llmModel}
            error={errors["config.rule.llmJudge.model"]}
            onChange={(e) => update((d) => ({ ...d, llmModel: e.target.value }))}
          >
            <option value="">Choose a model…</option>
            {[...new Set([...dataset.models, ...(draft.llmModel ? [draft.llmModel] : [])])].map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </div>
      )}
    </Section>
  );
}
