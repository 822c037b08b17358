"use client";

import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { Input, RadioGroup, Section, SubHeading, TextArea } from "@/components/studies/form-controls";
import { effectiveN, effectiveUnit, type StudyFormState, type Update } from "@/components/studies/form-model";
import { ENTRY_MODE_LABELS, UNIT_HINTS, UNIT_LABELS } from "@/components/studies/labels";
import { MarkdownPreview } from "@/components/studies/markdown-preview";
import { descriptorOf, ENTRY_MODES } from "@/lib/designs/client";
import { formOf } from "@/lib/designs/forms";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

export function UnitAndQuotaFields({ state, update, errors, locked }: Props & { locked: boolean }) {
  const design = descriptorOf(state.design);
  const nLabel = formOf(state.design)?.nLabel ?? "Answers per unit";
  const groups = Boolean(design?.groups) && state.settings.groups.enabled;
  const n = effectiveN(state);
  return (
    <Section legend={locked ? "Limits" : "Units and assignment"}>
      {!locked && design && (
        <RadioGroup
          id={fieldId("unitType")}
          name="unitType"
          legend="Unit"
          hint={`What one participant does as one task. The default suits the design${state.unitType === null ? "; it follows the design’s settings until you choose" : ""}.`}
          options={design.unitTypes.map((u) => ({ value: u, label: UNIT_LABELS[u], hint: UNIT_HINTS[u] }))}
          value={effectiveUnit(state)}
          error={errors.unitType}
          onChange={(unitType) => update((s) => ({ ...s, unitType }))}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {!locked &&
          (groups ? (
            <p className="text-sm" id={fieldId("n")}>
              <span className="font-medium">{nLabel}:</span> {Number.isFinite(n) ? n : "—"}{" "}
              <span className="text-muted">(the sum of the answers per group, set under Groups)</span>
            </p>
          ) : (
            <Input
              id={fieldId("n")}
              label={nLabel}
              hint={`N, how many people answer each unit (default ${design?.defaultN ?? 1}).`}
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
          label="Most units per participant"
          hint="The most units one participant may do. Empty: no limit."
          type="number"
          inputMode="numeric"
          min={1}
          value={state.maxUnits}
          error={errors.maxUnitsPerParticipant}
          onChange={(e) => update((s) => ({ ...s, maxUnits: e.target.value }))}
        />
        <Input
          id={fieldId("leaseMinutes")}
          label="Lease length (minutes)"
          hint="How long a unit stays reserved for one participant (default 30)."
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
  const headingId = `${fieldId(name)}-preview-heading`;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextArea id={fieldId(name)} label={label} hint={hint ?? "Headings (#), lists (-), **bold**, _italic_ and [links](https://…) work."} rows={rows} value={value} error={error} onChange={(e) => onChange(e.target.value)} />
      <section aria-labelledby={headingId} className="min-w-0 rounded-control border border-line bg-bg p-4">
        <SubHeading id={headingId} className="mb-2 text-sm font-medium text-muted">
          Preview<span className="sr-only"> of the {label.replace(/ \(.*\)$/, "").toLowerCase()}</span>
        </SubHeading>
        <MarkdownPreview source={value} />
      </section>
    </div>
  );
}

export function InstructionsFields({ state, update, errors }: Props) {
  return (
    <Section legend="Instructions" description="Shown to participants before they start and beside every task.">
      <MarkdownField name="instructions" label="Instructions (Markdown)" value={state.instructions} error={errors.instructions} onChange={(instructions) => update((s) => ({ ...s, instructions }))} />
    </Section>
  );
}

export function EntryFields({ state, update, errors }: Props) {
  const allowed = descriptorOf(state.design)?.entryModes ?? ENTRY_MODES;
  return (
    <Section legend="Entry and completion">
      <RadioGroup
        id={fieldId("entryMode")}
        name="entryMode"
        legend="Entry mode"
        hint="How participants arrive."
        options={allowed.map((m) => ({ value: m, label: ENTRY_MODE_LABELS[m] }))}
        value={state.entryMode}
        error={errors.entryMode}
        onChange={(entryMode) => update((s) => ({ ...s, entryMode }))}
      />
      {state.entryMode !== "annotators" && (
        <Input
          id={fieldId("completionUrl")}
          label="Completion URL (optional)"
          hint="Where participants go when they finish, e.g. Prolific's https://app.prolific.com/submissions/complete?cc=CODE. Empty: they see the completion code."
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
