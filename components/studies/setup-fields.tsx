"use client";

import { useTranslations } from "next-intl";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { Input, RadioGroup, Section, SubHeading, TextArea } from "@/components/studies/form-controls";
import { effectiveN, effectiveUnit, type StudyFormState, type Update } from "@/components/studies/form-model";
import { MarkdownPreview } from "@/components/studies/markdown-preview";
import { descriptorOf, ENTRY_MODES } from "@/lib/designs/client";
import { formOf } from "@/lib/designs/forms";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

export function UnitAndQuotaFields({ state, update, errors, locked }: Props & { locked: boolean }) {
  const t = useTranslations("console.studies.setup");
  const l = useTranslations("console.studies.labels");
  const design = descriptorOf(state.design);
  const nLabel = formOf(state.design)?.nLabel ?? t("nLabel");
  const groups = Boolean(design?.groups) && state.settings.groups.enabled;
  const n = effectiveN(state);
  return (
    <Section legend={locked ? t("limits") : t("units")}>
      {!locked && design && (
        <RadioGroup
          id={fieldId("unitType")}
          name="unitType"
          legend={t("unit")}
          hint={t("unitHint", { following: state.unitType === null ? "yes" : "no" })}
          options={design.unitTypes.map((u) => ({ value: u, label: l(`unit.${u}`), hint: l(`unitHint.${u}`) }))}
          value={effectiveUnit(state)}
          error={errors.unitType}
          onChange={(unitType) => update((s) => ({ ...s, unitType }))}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {!locked &&
          (groups ? (
            <p className="text-sm" id={fieldId("n")}>
              {t.rich("groupN", {
                label: nLabel,
                n: Number.isFinite(n) ? String(n) : "—",
                b: (chunks) => <span className="font-medium">{chunks}</span>,
                muted: (chunks) => <span className="text-muted">{chunks}</span>,
              })}
            </p>
          ) : (
            <Input
              id={fieldId("n")}
              label={nLabel}
              hint={t("nHint", { n: String(design?.defaultN ?? 1) })}
              type="number"
              inputMode="numeric"
              min={1}
              max={50}
              value={state.n ?? String(design?.defaultN ?? 1)}
              error={errors.n}
              onChange={(e) => update((s) => ({ ...s, n: e.target.value }))}
            />
          ))}
        <Input
          id={fieldId("maxUnitsPerParticipant")}
          label={t("maxUnits")}
          hint={t("maxUnitsHint")}
          type="number"
          inputMode="numeric"
          min={1}
          value={state.maxUnits}
          error={errors.maxUnitsPerParticipant}
          onChange={(e) => update((s) => ({ ...s, maxUnits: e.target.value }))}
        />
        <Input
          id={fieldId("leaseMinutes")}
          label={t("lease")}
          hint={t("leaseHint")}
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          value={state.leaseMinutes}
          error={errors.leaseMinutes}
          onChange={(e) => update((s) => ({ ...s, leaseMinutes: e.target.value }))}
        />
      </div>
    </Section>
  );
}

/** Markdown with the participant pages' own rendering beside it. */
export function MarkdownField({ name, label, hint, rows = 12, value, error, onChange }: { name: string; label: string; hint?: string; rows?: number; value: string; error?: string; onChange: (value: string) => void }) {
  const t = useTranslations("console.studies.setup");
  const headingId = `${fieldId(name)}-preview-heading`;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextArea id={fieldId(name)} label={label} hint={hint ?? t("markdownHint")} rows={rows} value={value} error={error} onChange={(e) => onChange(e.target.value)} />
      <section aria-labelledby={headingId} className="min-w-0 rounded-control border border-line bg-bg p-4">
        <SubHeading id={headingId} className="mb-2 text-sm font-medium text-muted">
          {t.rich("preview", { what: label.replace(/ \(.*\)$/, "").toLowerCase(), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </SubHeading>
        <MarkdownPreview source={value} />
      </section>
    </div>
  );
}

export function InstructionsFields({ state, update, errors }: Props) {
  const t = useTranslations("console.studies.setup");
  return (
    <Section legend={t("instructions")} description={t("instructionsDescription")}>
      <MarkdownField name="instructions" label={t("instructionsLabel")} value={state.instructions} error={errors.instructions} onChange={(instructions) => update((s) => ({ ...s, instructions }))} />
    </Section>
  );
}

export function EntryFields({ state, update, errors }: Props) {
  const t = useTranslations("console.studies.setup");
  const l = useTranslations("console.studies.labels");
  const allowed = descriptorOf(state.design)?.entryModes ?? ENTRY_MODES;
  return (
    <Section legend={t("entry")}>
      <RadioGroup
        id={fieldId("entryMode")}
        name="entryMode"
        legend={t("entryMode")}
        hint={t("entryModeHint")}
        options={allowed.map((m) => ({ value: m, label: l(`entryMode.${m}`) }))}
        value={state.entryMode}
        error={errors.entryMode}
        onChange={(entryMode) => update((s) => ({ ...s, entryMode }))}
      />
      {state.entryMode !== "annotators" && (
        <Input
          id={fieldId("completionUrl")}
          label={t("completionUrl")}
          hint={t("completionUrlHint", { example: "https://app.prolific.com/submissions/complete?cc=CODE" })}
          type="url"
          inputMode="url"
          spellCheck={false}
          value={state.completionUrl}
          error={errors.completionUrl}
          onChange={(e) => update((s) => ({ ...s, completionUrl: e.target.value }))}
        />
      )}
    </Section>
  );
}
