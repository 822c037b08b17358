"use client";

import { Checkbox, Input, RadioGroup, Section, Select } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import { LANGUAGE_LABELS, OPTION_ORDER_LABELS } from "@/components/studies/labels";
import { MarkdownField } from "@/components/studies/setup-fields";
import type { SettingsDraft } from "@/components/studies/settings-draft";
import { LANGUAGES } from "@/lib/designs/settings";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

/** What participants read and in which order they see options; locked once responses exist. */
export function PresentationFields({ state, update, errors, views }: Props & { views: string[] }) {
  const s = state.settings;
  const set = (patch: Partial<SettingsDraft>) => update((st) => withSettings(st, () => patch));
  const offered = [...new Set([...views, ...(s.view ? [s.view] : [])])];
  return (
    <Section legend="What participants see">
      {offered.length > 1 || s.view ? (
        <Select
          id={fieldId("view")}
          label="Context view"
          hint="Which view of each conversation or passage participants read (FANToM short or full, ExploreToM structure or infilled, CharToM-QA c0/c1000/c2000). A context without it shows its default view."
          value={s.view}
          error={errors.view}
          onChange={(e) => set({ view: e.target.value })}
        >
          <option value="">The dataset’s default view</option>
          {offered.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </Select>
      ) : (
        <p className="text-sm text-muted">
          {offered.length === 1 ? `Participants read the one view this dataset’s contexts have (${offered[0]}).` : "Choose a dataset to see its context views."}
        </p>
      )}
      <RadioGroup
        id={fieldId("optionOrder")}
        name="optionOrder"
        legend="Option order"
        options={(["benchmark", "shuffle"] as const).map((o) => ({ value: o, label: OPTION_ORDER_LABELS[o] }))}
        value={s.optionOrder}
        error={errors.optionOrder}
        onChange={(optionOrder) => set({ optionOrder })}
      />
    </Section>
  );
}

export function LanguageFields({ state, update, errors }: Props) {
  const s = state.settings;
  const set = (patch: Partial<SettingsDraft>) => update((st) => withSettings(st, () => patch));
  return (
    <Section legend="Language">
      <RadioGroup
        id={fieldId("language")}
        name="language"
        legend="Language of the participant pages"
        options={LANGUAGES.map((l) => ({ value: l, label: l === "zh" ? <>{LANGUAGE_LABELS.zh} <span lang="zh-Hans">简体中文</span></> : LANGUAGE_LABELS[l] }))}
        value={s.language}
        error={errors.language}
        inline
        onChange={(language) => set({ language })}
      />
      <Checkbox
        id={fieldId("allowLanguageSwitch")}
        label="Participants may switch the language"
        checked={s.allowLanguageSwitch}
        onChange={(e) => set({ allowLanguageSwitch: e.target.checked })}
      />
    </Section>
  );
}

export function ConsentFields({ state, update, errors }: Props) {
  const c = state.settings.consent;
  const set = (patch: Partial<SettingsDraft["consent"]>) => update((st) => withSettings(st, (d) => ({ consent: { ...d.consent, ...patch } })));
  return (
    <Section legend="Consent" description="What participants read and agree to before the task, apart from the task instructions.">
      <MarkdownField
        name="consent.informationSheet"
        label="Information sheet (Markdown)"
        rows={10}
        value={c.informationSheet}
        error={errors["consent.informationSheet"]}
        onChange={(informationSheet) => set({ informationSheet })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Input id={fieldId("consent.contact")} label="Contact" hint="Who participants can write to about the study." value={c.contact} error={errors["consent.contact"]} onChange={(e) => set({ contact: e.target.value })} />
        <Input
          id={fieldId("consent.version")}
          label="Consent text version"
          hint="Recorded with each participant’s consent."
          value={c.version}
          error={errors["consent.version"]}
          onChange={(e) => set({ version: e.target.value })}
        />
        <Input
          id={fieldId("consent.expectedMinutes")}
          label="Expected minutes (optional)"
          hint="Shown on the consent page. Empty: estimated from the units."
          type="number"
          inputMode="numeric"
          min={1}
          value={c.expectedMinutes}
          error={errors["consent.expectedMinutes"]}
          onChange={(e) => set({ expectedMinutes: e.target.value })}
        />
      </div>
      <MarkdownField name="consent.debrief" label="Debrief (Markdown, optional)" hint="Shown when a participant finishes." rows={5} value={c.debrief} error={errors["consent.debrief"]} onChange={(debrief) => set({ debrief })} />
    </Section>
  );
}
