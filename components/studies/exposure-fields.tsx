"use client";

import { Input, RadioGroup, Section } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import { ASSIGNMENT_ORDER_LABELS } from "@/components/studies/labels";
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
  const known = new Set(studies.map((s) => s.id));
  // a chosen study that is no longer listed (deleted, or another owner's) stays visible to uncheck
  const options = [...studies, ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: `Study ${id.slice(0, 8)}` }))];
  const hintId = `${fieldId(name)}-hint`;
  return (
    <fieldset id={fieldId(name)} className="min-w-0" aria-describedby={hintId}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-sm text-muted">
        {hint}
      </p>
      {errors[name] && <p className="text-sm font-medium text-danger">{errors[name]}</p>}
      {options.length === 0 ? (
        <p className="mt-2 text-sm text-muted">You have no other studies.</p>
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
  return (
    <Section legend="Exposure and assignment order" description="Matched by external id (Prolific, MTurk) or account.">
      <StudyPicker
        name="excludeParticipantsOf"
        legend="Turn away people who took part in"
        hint="Anyone who took part in a chosen study cannot enter this one."
        studies={studies}
        chosen={s.excludeParticipantsOf}
        errors={errors}
        onChange={(excludeParticipantsOf) => set({ excludeParticipantsOf })}
      />
      <StudyPicker
        name="linkedStudies"
        legend="Never the same question twice across"
        hint="A participant of a chosen study is never given a question they answered there."
        studies={studies}
        chosen={s.linkedStudies}
        errors={errors}
        onChange={(linkedStudies) => set({ linkedStudies })}
      />
      <Input
        id={fieldId("maxUnitsPerContext")}
        label="Most units per context per participant"
        hint="E.g. 1, so nobody answers two questions about the same conversation. Empty: no limit."
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
        legend="Assignment order"
        hint={s.assignmentOrder === null ? "The design’s default until you choose." : undefined}
        options={[
          { value: "fill" as const, label: ASSIGNMENT_ORDER_LABELS.fill, hint: "Started units are finished first, so early figures mean something." },
          { value: "spread" as const, label: ASSIGNMENT_ORDER_LABELS.spread, hint: "Each participant gets the units with the fewest answers so far." },
          { value: "random" as const, label: ASSIGNMENT_ORDER_LABELS.random, hint: "E.g. rating: answers of different models interleaved for each rater." },
        ]}
        value={s.assignmentOrder ?? descriptorOf(state.design)?.defaultAssignmentOrder ?? "fill"}
        error={errors.assignmentOrder}
        onChange={(assignmentOrder) => set({ assignmentOrder })}
      />
    </Section>
  );
}
