"use client";

import { useFormKit, type DesignForm, type DesignSectionProps } from "@/lib/designs/form-kit";
import { baselineConfigSchema } from "@/lib/designs/baseline/config";
import { baselineConfigOf, baselineDraftFrom, emptyBaselineDraft, subsetChoices, type BaselineDraft } from "@/lib/designs/baseline/form-model";

function BaselineSection({ draft, update, errors, dataset }: DesignSectionProps<BaselineDraft>) {
  const { Checkbox, Section, fieldId } = useFormKit();
  const choices = subsetChoices(draft, dataset.tags);
  const hintId = `${fieldId("config.subsets")}-hint`;
  return (
    <Section legend="Human baseline">
      <p className="text-sm">
        Participants answer each question as a model would, with the same options, and each answer is scored by the benchmark’s own rules. Which questions,
        the context view, the option order, groups and stages are set in the other sections.
      </p>
      <fieldset id={fieldId("config.subsets")} className="min-w-0" aria-describedby={hintId}>
        <legend className="text-sm font-medium">Subsets reported separately (optional)</legend>
        <p id={hintId} className="text-sm text-muted">
          Each value of a chosen tag gets its own accuracy rows in the results, e.g. CharToM-QA’s indirect questions. At most 10.
        </p>
        {errors["config.subsets"] && <p className="text-sm font-medium text-danger">{errors["config.subsets"]}</p>}
        {choices.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{dataset.chosen ? "This dataset’s questions have no tags." : "Choose a dataset to see its tags."}</p>
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
                  onChange={(e) => update((d) => ({ ...d, subsets: e.target.checked ? [...d.subsets, tag] : d.subsets.filter((t) => t !== tag) }))}
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
  const parsed = baselineConfigSchema.safeParse(config);
  const subsets = parsed.success ? parsed.data.subsets : [];
  return (
    <>
      <SummaryRow term="Task">Participants answer the questions; answers are scored by the benchmark’s rules.</SummaryRow>
      <SummaryRow term="Subsets reported separately">{subsets.length ? subsets.join(", ") : "None"}</SummaryRow>
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
