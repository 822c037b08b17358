"use client";

import { useTranslations } from "next-intl";
import { Input, RadioGroup, Section } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import type { SettingsDraft } from "@/components/studies/settings-draft";
import { descriptorOf } from "@/lib/designs/client";

export interface StudyOption {
  id: string;
  name: string;
}

/** A checkbox list of the researcher's other studies (at most 50 may be chosen). */
export function StudyPicker({ name, legend, hint, studies, chosen, errors, onChange }: {
  name: string;
  legend: string;
  hint: string;
  studies: StudyOption[];
  chosen: string[];
  errors: FieldErrors;
  onChange: (ids: string[]) => void;
}) {
  const t = useTranslations("console.studies.exposure");
  const known = new Set(studies.map((s) => s.id));
  // a chosen study that is no longer listed (deleted, or another owner's) stays visible to uncheck
  const options = [...studies, ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: t("unknownStudy", { id: id.slice(0, 8) }) }))];
  const hintId = `${fieldId(name)}-hint`;
  return (
    <fieldset id={fieldId(name)} className="min-w-0" aria-describedby={hintId}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-sm text-muted">
        {hint}
      </p>
      {errors[name] && <p className="text-sm font-medium text-danger">{errors[name]}</p>}
      {options.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("noStudies")}</p>
      ) : (
        <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-control border border-line p-2">
          {options.map((s) => {
            const id = `${fieldId(name)}-${s.id}`;
            const on = chosen.includes(s.id);
            return (
              <li key={s.id} className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-primary"
                  checked={on}
                  disabled={!on && chosen.length >= 50}
                  onChange={(e) => onChange(e.target.checked ? [...chosen, s.id] : chosen.filter((x) => x !== s.id))}
                />
                <label htmlFor={id} className="text-sm break-words">
                  {s.name}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

/** Who may take part, how much of one context a person sees, and which units are offered first. */
export function ExposureFields({ state, update, errors, studies }: { state: StudyFormState; update: Update; errors: FieldErrors; studies: StudyOption[] }) {
  const s = state.settings;
  const set = (patch: Partial<SettingsDraft>) => update((st) => withSettings(st, () => patch));
  const t = useTranslations("console.studies.exposure");
  const l = useTranslations("console.studies.labels");
  return (
    <Section legend={t("legend")} description={t("description")}>
      <StudyPicker
        name="excludeParticipantsOf"
        legend={t("exclude")}
        hint={t("excludeHint")}
        studies={studies}
        chosen={s.excludeParticipantsOf}
        errors={errors}
        onChange={(excludeParticipantsOf) => set({ excludeParticipantsOf })}
      />
      <StudyPicker
        name="linkedStudies"
        legend={t("linked")}
        hint={t("linkedHint")}
        studies={studies}
        chosen={s.linkedStudies}
        errors={errors}
        onChange={(linkedStudies) => set({ linkedStudies })}
      />
      <Input
        id={fieldId("maxUnitsPerContext")}
        label={t("perContext")}
        hint={t("perContextHint")}
        type="number"
        inputMode="numeric"
        min={1}
        value={s.maxUnitsPerContext}
        error={errors.maxUnitsPerContext}
        onChange={(e) => set({ maxUnitsPerContext: e.target.value })}
      />
      <RadioGroup
        id={fieldId("assignmentOrder")}
        name="assignmentOrder"
        legend={t("order")}
        hint={s.assignmentOrder === null ? t("orderDefault") : undefined}
        options={[
          { value: "fill" as const, label: l("assignmentOrder.fill"), hint: t("fillHint") },
          { value: "spread" as const, label: l("assignmentOrder.spread"), hint: t("spreadHint") },
          { value: "random" as const, label: l("assignmentOrder.random"), hint: t("randomHint") },
        ]}
        value={s.assignmentOrder ?? descriptorOf(state.design)?.defaultAssignmentOrder ?? "fill"}
        error={errors.assignmentOrder}
        onChange={(assignmentOrder) => set({ assignmentOrder })}
      />
    </Section>
  );
}
