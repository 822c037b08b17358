"use client";

import { useTranslations } from "next-intl";
import { useFormKit, type DatasetFacts, type FieldErrors } from "@/lib/designs/form-kit";
import type { TiePolicy } from "@/lib/designs/validation/config";
import { TIE_HINTS, TIE_POLICY_LABELS } from "@/lib/designs/validation/form/labels";
import type { ValidationDraft } from "@/lib/designs/validation/form/model";

type Update = (change: (d: ValidationDraft) => ValidationDraft) => void;

export function RuleFields({ draft, update, errors, dataset }: { draft: ValidationDraft; update: Update; errors: FieldErrors; dataset: DatasetFacts }) {
  const { Checkbox, RadioGroup, Section, Select, fieldId } = useFormKit();
  const t = useTranslations("console.designs.validation.rule");
  const none = dataset.models.length === 0;
  return (
    <Section legend={t("legend")} description={t("description")}>
      <RadioGroup
        id={fieldId("config.rule.tiePolicy")}
        name="tiePolicy"
        legend={t("tie")}
        options={(Object.keys(TIE_POLICY_LABELS) as TiePolicy[]).map((p) => ({ value: p, label: TIE_POLICY_LABELS[p], hint: TIE_HINTS[p] }))}
        value={draft.tiePolicy}
        error={errors["config.rule.tiePolicy"]}
        onChange={(tiePolicy) => update((d) => ({ ...d, tiePolicy }))}
      />
      <Checkbox
        id={fieldId("config.rule.llmJudge")}
        label={t("judge")}
        hint={!dataset.chosen ? t("judgeNoDataset") : none ? t("judgeNoModels") : t("judgeHint")}
        disabled={none && !draft.llmJudge}
        checked={draft.llmJudge}
        error={errors["config.rule.llmJudge"]}
        onChange={(e) => update((d) => ({ ...d, llmJudge: e.target.checked }))}
      />
      {draft.llmJudge && (
        <div className="sm:ml-8">
          <Select
            id={fieldId("config.rule.llmJudge.model")}
            label={t("model")}
            value={draft.llmModel}
            error={errors["config.rule.llmJudge.model"]}
            onChange={(e) => update((d) => ({ ...d, llmModel: e.target.value }))}
          >
            <option value="">{t("chooseModel")}</option>
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
