"use client";

import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { Checkbox, Input, RadioGroup, Section, Select, SubHeading, TextArea } from "@/components/studies/form-controls";
import type { StudyFormState, TiePolicy, Update } from "@/components/studies/form-model";
import { ENTRY_MODE_LABELS, TIE_POLICY_LABELS } from "@/components/studies/labels";
import { MarkdownPreview } from "@/components/studies/markdown-preview";
import { ENTRY_MODES } from "@/lib/designs/client";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

const UNIT_OPTIONS = [
  { value: "context" as const, label: "Context", hint: "A whole conversation or passage, with all its questions." },
  { value: "question" as const, label: "Question", hint: "One question at a time, with its conversation or passage." },
];

export function UnitAndQuotaFields({ state, update, errors, locked }: Props & { locked: boolean }) {
  return (
    <Section legend={locked ? "Limits" : "Units and assignment"}>
      {!locked && (
        <RadioGroup
          id={fieldId("unitType")}
          name="unitType"
          legend="Unit"
          hint="What one participant reviews as one task."
          options={UNIT_OPTIONS}
          value={state.unitType}
          error={errors.unitType}
          onChange={(unitType) => update((s) => ({ ...s, unitType }))}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {!locked && (
          <Input
            id={fieldId("n")}
            label="Annotators per unit"
            hint="N, how many people answer each unit (default 3)."
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            value={state.n}
            error={errors.n}
            onChange={(e) => update((s) => ({ ...s, n: e.target.value }))}
          />
        )}
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

export function InstructionsFields({ state, update, errors }: Props) {
  return (
    <Section legend="Instructions" description="Shown to participants before they start and beside every task.">
      <div className="grid gap-4 lg:grid-cols-2">
        <TextArea
          id={fieldId("instructions")}
          label="Instructions (Markdown)"
          hint="Headings (#), lists (-), **bold**, _italic_ and [links](https://…) work."
          rows={12}
          value={state.instructions}
          error={errors.instructions}
          onChange={(e) => update((s) => ({ ...s, instructions: e.target.value }))}
        />
        <section aria-labelledby="study-preview-heading" className="min-w-0 rounded-control border border-line bg-bg p-4">
          <SubHeading id="study-preview-heading" className="mb-2 text-sm font-medium text-muted">
            Preview
          </SubHeading>
          <MarkdownPreview source={state.instructions} />
        </section>
      </div>
    </Section>
  );
}

export function EntryFields({ state, update, errors }: Props) {
  return (
    <Section legend="Entry and completion">
      <RadioGroup
        id={fieldId("entryMode")}
        name="entryMode"
        legend="Entry mode"
        hint="How participants arrive."
        options={ENTRY_MODES.map((m) => ({ value: m, label: ENTRY_MODE_LABELS[m] }))}
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

const TIE_HINTS: Record<TiePolicy, string> = {
  needs_review: "The unit waits in the adjudication queue for your decision (default).",
  keep: "A tied check does not reject the unit.",
  reject: "A tied check rejects the unit.",
};

export function RuleFields({ state, update, errors, models, datasetChosen }: Props & { models: string[]; datasetChosen: boolean }) {
  const none = models.length === 0;
  return (
    <Section legend="Decision rule" description="Each check is decided by the majority of its votes.">
      <RadioGroup
        id={fieldId("config.rule.tiePolicy")}
        name="tiePolicy"
        legend="When the votes on a check are tied"
        options={(Object.keys(TIE_POLICY_LABELS) as TiePolicy[]).map((p) => ({ value: p, label: TIE_POLICY_LABELS[p], hint: TIE_HINTS[p] }))}
        value={state.tiePolicy}
        error={errors["config.rule.tiePolicy"]}
        onChange={(tiePolicy) => update((s) => ({ ...s, tiePolicy }))}
      />
      <Checkbox
        id={fieldId("config.rule.llmJudge")}
        label="Also require the LLM judge to agree"
        hint={
          !datasetChosen
            ? "Choose a dataset first: the judge is one of its imported models."
            : none
            ? "This dataset has no imported model predictions, so there is no judge to choose."
            : "An item is kept only when the human majority AND the LLM judge (its imported predictions) both call it valid."
        }
        disabled={none && !state.llmJudge}
        checked={state.llmJudge}
        error={errors["config.rule.llmJudge"]}
        onChange={(e) => update((s) => ({ ...s, llmJudge: e.target.checked }))}
      />
      {state.llmJudge && (
        <div className="sm:ml-8">
          <Select
            id={fieldId("config.rule.llmJudge.model")}
            label="Judge model"
            value={state.llmModel}
            error={errors["config.rule.llmJudge.model"]}
            onChange={(e) => update((s) => ({ ...s, llmModel: e.target.value }))}
          >
            <option value="">Choose a model…</option>
            {[...new Set([...models, ...(state.llmModel ? [state.llmModel] : [])])].map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </div>
      )}
    </Section>
  );
}
