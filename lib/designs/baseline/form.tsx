"use client";

import type { DesignForm, DesignSectionProps } from "@/lib/designs/form-kit";
import { useFormKit } from "@/lib/designs/form-kit";
import { baselineConfigOf, baselineDraftFrom, emptyBaselineDraft, type BaselineDraft } from "@/lib/designs/baseline/form-model";

function BaselineSection(_props: DesignSectionProps<BaselineDraft>) {
  const { Section } = useFormKit();
  return (
    <Section legend="Human baseline">
      <p className="text-sm">
        Participants answer each question as a model would, with the same options, and each answer is scored against the benchmark’s gold answer. Which
        questions, which context view, the option order and the number of people per unit are set in the other sections.
      </p>
    </Section>
  );
}

function BaselineSummary() {
  const { SummaryRow } = useFormKit();
  return <SummaryRow term="Task">Participants answer the questions; answers are scored against gold.</SummaryRow>;
}

// The baseline design's part of the console form.
export const baselineForm: DesignForm<BaselineDraft> = {
  Section: BaselineSection,
  Summary: BaselineSummary,
  emptyDraft: emptyBaselineDraft,
  toDraft: baselineDraftFrom,
  toConfig: baselineConfigOf,
};
