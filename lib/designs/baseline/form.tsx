"use client";

import { useTranslations } from "next-intl";
import { useFormKit, type DesignForm, type DesignSectionProps } from "@/lib/designs/form-kit";
import { baselineConfigSchema } from "@/lib/designs/baseline/config";
import { baselineConfigOf, baselineDraftFrom, emptyBaselineDraft, subsetChoices, type BaselineDraft } from "@/lib/designs/baseline/form-model";

function BaselineSection({ draft, update, errors, dataset }: DesignSectionProps<BaselineDraft>) {
  const { Checkbox, Section, fieldId } = useFormKit();
  const t = useTranslations("console.designs.baseline");
  const choices = subsetChoices(draft, dataset.tags);
  const hintId = `${fieldId("config.subsets")}-hint`;
  return (
    <Section legend={t("legend")}>
      <p className="text-sm">{t("intro")}</p>
      <fieldset id={fieldId("config.subsets")} className="min-w-0" aria-describedby={hintId}>
        <legend className="text-sm font-medium">{t("subsetsLegend")}</legend>
        <p id={hintId} className="text-sm text-muted">
          {t("subsetsHint")}
        </p>
        {errors["config.subsets"] && <p className="text-sm font-medium text-danger">{errors["config.subsets"]}</p>}
        {choices.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{dataset.chosen ? t("noTags") : t("chooseDataset")}</p>
        ) : (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {choices.map((tag) => {
              const on = draft.subsets.includes(tag);
              return (
                <Checkbox
                  key={tag}
                  id={fieldId(`config-subsets-${tag}`)}
                  label={tag}
                  checked={on}
                  disabled={!on && draft.subsets.length >= 10}
                  onChange={(e) => update((d) => ({ ...d, subsets: e.target.checked ? [...d.subsets, tag] : d.subsets.filter((x) => x !== tag) }))}
                />
              );
            })}
          </div>
        )}
      </fieldset>
    </Section>
  );
}

function BaselineSummary({ config }: { config: unknown }) {
  const { SummaryRow } = useFormKit();
  const t = useTranslations("console.designs.baseline");
  const parsed = baselineConfigSchema.safeParse(config);
  const subsets = parsed.success ? parsed.data.subsets : [];
  return (
    <>
      <SummaryRow term={t("task")}>{t("taskText")}</SummaryRow>
      <SummaryRow term={t("subsets")}>{subsets.length ? subsets.join(", ") : t("none")}</SummaryRow>
    </>
  );
}

// The baseline design's part of the console form.
export const baselineForm: DesignForm<BaselineDraft> = {
  Section: BaselineSection,
  Summary: BaselineSummary,
  emptyDraft: emptyBaselineDraft,
  toDraft: baselineDraftFrom,
  toConfig: baselineConfigOf,
  fieldName: (name) => (name.startsWith("config.subsets") ? "Subsets reported separately" : null),
  lockedParts: "subsets reported separately",
};
