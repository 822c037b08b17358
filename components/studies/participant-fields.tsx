"use client";

import { useTranslations } from "next-intl";
import { Checkbox, Input, RadioGroup, Section, Select } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
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
  const t = useTranslations("console.studies.presentation");
  const l = useTranslations("console.studies.labels");
  return (
    <Section legend={t("legend")}>
      {offered.length > 1 || s.view ? (
        <Select
          id={fieldId("view")}
          label={t("view")}
          hint={t("viewHint")}
          value={s.view}
          error={errors.view}
          onChange={(e) => set({ view: e.target.value })}
        >
          <option value="">{t("defaultView")}</option>
          {offered.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </Select>
      ) : (
        <p className="text-sm text-muted">
          {offered.length === 1 ? t("oneView", { view: offered[0]! }) : t("chooseDataset")}
        </p>
      )}
      <RadioGroup
        id={fieldId("optionOrder")}
        name="optionOrder"
        legend={t("optionOrder")}
        options={(["benchmark", "shuffle"] as const).map((o) => ({ value: o, label: l(`optionOrder.${o}`) }))}
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
  const t = useTranslations("console.studies.language");
  const labels = useTranslations("console.studies.labels");
  return (
    <Section legend={t("legend")}>
      <RadioGroup
        id={fieldId("language")}
        name="language"
        legend={t("pages")}
        options={LANGUAGES.map((l) => ({ value: l, label: l === "zh" ? <>{labels("language.zh")} <span lang="zh-Hans">简体中文</span></> : labels(`language.${l}`) }))}
        value={s.language}
        error={errors.language}
        inline
        onChange={(language) => set({ language })}
      />
      <Checkbox
        id={fieldId("allowLanguageSwitch")}
        label={t("switch")}
        checked={s.allowLanguageSwitch}
        onChange={(e) => set({ allowLanguageSwitch: e.target.checked })}
      />
    </Section>
  );
}

export function ConsentFields({ state, update, errors }: Props) {
  const t = useTranslations("console.studies.consent");
  const c = state.settings.consent;
  const set = (patch: Partial<SettingsDraft["consent"]>) => update((st) => withSettings(st, (d) => ({ consent: { ...d.consent, ...patch } })));
  return (
    <Section legend={t("legend")} description={t("description")}>
      <MarkdownField
        name="consent.informationSheet"
        label={t("sheet")}
        rows={10}
        value={c.informationSheet}
        error={errors["consent.informationSheet"]}
        onChange={(informationSheet) => set({ informationSheet })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Input id={fieldId("consent.contact")} label={t("contact")} hint={t("contactHint")} value={c.contact} error={errors["consent.contact"]} onChange={(e) => set({ contact: e.target.value })} />
        <Input
          id={fieldId("consent.version")}
          label={t("version")}
          hint={t("versionHint")}
          value={c.version}
          error={errors["consent.version"]}
          onChange={(e) => set({ version: e.target.value })}
        />
        <Input
          id={fieldId("consent.expectedMinutes")}
          label={t("minutes")}
          hint={t("minutesHint")}
          type="number"
          inputMode="numeric"
          min={1}
          value={c.expectedMinutes}
          error={errors["consent.expectedMinutes"]}
          onChange={(e) => set({ expectedMinutes: e.target.value })}
        />
      </div>
      <MarkdownField name="consent.debrief" label={t("debrief")} hint={t("debriefHint")} rows={5} value={c.debrief} error={errors["consent.debrief"]} onChange={(debrief) => set({ debrief })} />
    </Section>
  );
}
