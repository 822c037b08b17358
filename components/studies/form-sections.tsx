"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Section } from "@/components/studies/form-controls";
import type { FieldErrors } from "@/components/studies/form-errors";
import { setDraft, draftOf, type StudyFormState, type Update } from "@/components/studies/form-model";
import { BonusFields } from "@/components/studies/bonus-fields";
import { ExposureFields, type StudyOption } from "@/components/studies/exposure-fields";
import { GroupsFields, StagesFields } from "@/components/studies/groups-fields";
import { ConsentFields, LanguageFields, PresentationFields } from "@/components/studies/participant-fields";
import { PlanFigures } from "@/components/studies/plan-figures";
import { CompletionCodeFields, QualityFields } from "@/components/studies/quality-fields";
import { QuestionsFields } from "@/components/studies/questions-fields";
import { splitTags } from "@/components/studies/tag-kinds";
import { EntryFields, InstructionsFields, UnitAndQuotaFields } from "@/components/studies/setup-fields";
import type { DatasetTags } from "@/components/studies/filter-fields";
import { descriptorOf } from "@/lib/designs/client";
import { formOf } from "@/lib/designs/forms";

/** What the page read about the dataset (on the server) for the form's choices. */
export interface DatasetChoices {
  tags: DatasetTags;
  models: string[];
  views: string[];
  /** questions per kind */
  kinds: Record<string, number>;
}

/** The design's own settings that responses lock, in its words (null: the form names them generically). */
export function lockedParts(design: string): string | null {
  return formOf(design)?.lockedParts ?? null;
}

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
  choices: DatasetChoices;
  studies: StudyOption[];
  locked: boolean;
  lockedSummary: ReactNode;
  loadingChoices: boolean;
  datasetChosen: boolean;
  medianSeconds: number | null;
  completionCode?: string;
}

/** Everything below the basics, in the order a researcher decides it. */
export function StudyFormSections(p: Props) {
  const { state, update, errors, choices, locked } = p;
  const design = descriptorOf(state.design);
  const form = formOf(state.design);
  const common = { state, update, errors };
  const t = useTranslations("console.studies.form");
  return (
    <>
      {locked && (
        <Section legend={t("lockedLegend")} description={t("lockedDescription")}>
          {p.lockedSummary}
        </Section>
      )}
      <UnitAndQuotaFields {...common} locked={locked} />
      {!locked && <QuestionsFields {...common} tags={choices.tags} kinds={choices.kinds} loading={p.loadingChoices} />}
      <PlanFigures state={state} medianSeconds={p.medianSeconds} />
      {!locked && form && (
        <form.Section
          draft={draftOf(state)}
          update={(change) => update((s) => setDraft(s, change))}
          errors={errors}
          dataset={{ chosen: p.datasetChosen, models: choices.models, views: choices.views, tags: splitTags(choices.tags).common }}
        />
      )}
      {!locked && <PresentationFields {...common} views={choices.views} />}
      {!locked && design?.groups && <GroupsFields {...common} />}
      {!locked && design?.stages && <StagesFields {...common} views={choices.views} />}
      <InstructionsFields {...common} />
      <LanguageFields {...common} />
      <ConsentFields {...common} />
      <ExposureFields {...common} studies={p.studies} />
      <EntryFields {...common} />
      <CompletionCodeFields {...common} completionCode={p.completionCode} />
      <QualityFields {...common} tags={choices.tags} studies={p.studies} />
      <BonusFields {...common} />
    </>
  );
}
