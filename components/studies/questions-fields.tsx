"use client";

import { Checkbox, Input, RadioGroup, Section } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import { TagFilterEditor, type DatasetTags } from "@/components/studies/filter-fields";
import { KIND_LABELS } from "@/components/studies/labels";
import { ASKABLE_KINDS, type AskedKind, type SamplingDraft } from "@/components/studies/settings-draft";
import { splitTags } from "@/components/studies/tag-kinds";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
  tags: DatasetTags;
  /** questions per kind in the dataset */
  kinds: Record<string, number>;
  loading: boolean;
}

function KindsFields({ state, update, errors, kinds }: Omit<Props, "tags" | "loading">) {
  const present = ASKABLE_KINDS.filter((k) => (kinds[k] ?? 0) > 0 || state.settings.kinds?.includes(k));
  if (present.length === 0) return null;
  const chosen = state.settings.kinds;
  function toggle(kind: AskedKind, on: boolean) {
    update((s) =>
      withSettings(s, (d) => {
        const now = d.kinds ?? present;
        const next = on ? present.filter((k) => k === kind || now.includes(k)) : now.filter((k) => k !== kind);
        // every kind of the dataset chosen is the same as no restriction
        return { kinds: next.length === present.length ? null : next };
      }),
    );
  }
  return (
    <div className="border-t border-line pt-4">
      <fieldset id={fieldId("kinds")} className="min-w-0" aria-describedby={`${fieldId("kinds")}-hint`}>
        <legend className="text-sm font-medium">Question kinds to ask</legend>
        <p id={`${fieldId("kinds")}-hint`} className="text-sm text-muted">
          Uncheck the kinds participants should not answer (e.g. FANToM without its yes/no questions).
        </p>
        {errors.kinds && <p className="text-sm font-medium text-danger">{errors.kinds}</p>}
        <div className="mt-2 space-y-2">
          {present.map((k) => (
            <Checkbox
              key={k}
              id={fieldId(`kinds-${k}`)}
              label={
                <>
                  {KIND_LABELS[k]} <span className="text-muted">({kinds[k] ?? 0} questions)</span>
                </>
              }
              checked={chosen === null || chosen.includes(k)}
              onChange={(e) => toggle(k, e.target.checked)}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

const SAMPLING_OPTIONS: { value: SamplingDraft["kind"]; label: string; hint: string }[] = [
  { value: "all", label: "All", hint: "Every unit the filter selects." },
  { value: "random", label: "Random sample", hint: "k units drawn at random." },
  { value: "stratified", label: "Stratified sample", hint: "k units per combination of the chosen tags’ values; a stratum with fewer is reported below before the study opens." },
];

function SamplingFields({ state, update, errors, tags }: Omit<Props, "kinds" | "loading">) {
  const sampling = state.settings.sampling;
  const set = (patch: Partial<SamplingDraft>) => update((s) => withSettings(s, (d) => ({ sampling: { ...d.sampling, ...patch } })));
  const strataTags = [...new Set([...splitTags(tags).common, ...sampling.by])];
  return (
    <div className="space-y-4 border-t border-line pt-4">
      <RadioGroup
        id={fieldId("sampling")}
        name="sampling"
        legend="Sampling"
        hint="Which of the matching units become the study’s units. The draw is seeded, so the same seed over the same dataset draws the same units."
        options={SAMPLING_OPTIONS}
        value={sampling.kind}
        error={errors.sampling}
        onChange={(kind) => set({ kind })}
      />
      {sampling.kind === "stratified" && (
        <fieldset id={fieldId("sampling.by")} className="min-w-0 sm:ml-8">
          <legend className="text-sm font-medium">Stratify by</legend>
          {errors["sampling.by"] && <p className="text-sm font-medium text-danger">{errors["sampling.by"]}</p>}
          {strataTags.length === 0 ? (
            <p className="text-sm text-muted">Choose a dataset with tags to stratify by.</p>
          ) : (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {strataTags.map((t) => (
                <Checkbox
                  key={t}
                  id={fieldId(`sampling-by-${t}`)}
                  label={t}
                  checked={sampling.by.includes(t)}
                  disabled={!sampling.by.includes(t) && sampling.by.length >= 5}
                  onChange={(e) => set({ by: e.target.checked ? [...sampling.by, t] : sampling.by.filter((x) => x !== t) })}
                />
              ))}
            </div>
          )}
        </fieldset>
      )}
      {sampling.kind !== "all" && (
        <div className="grid gap-4 sm:ml-8 sm:grid-cols-2">
          <Input
            id={fieldId("sampling.k")}
            label={sampling.kind === "random" ? "Units to draw (k)" : "Units per stratum (k)"}
            type="number"
            inputMode="numeric"
            min={1}
            value={sampling.k}
            error={errors["sampling.k"]}
            onChange={(e) => set({ k: e.target.value })}
          />
          <Input
            id={fieldId("sampling.seed")}
            label="Seed"
            hint="Any whole number; another seed draws other units."
            type="number"
            inputMode="numeric"
            min={0}
            value={sampling.seed}
            error={errors["sampling.seed"]}
            onChange={(e) => set({ seed: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}

export function QuestionsFields({ state, update, errors, tags, kinds, loading }: Props) {
  const tagCount = Object.keys(tags).length;
  return (
    <Section id={fieldId("filter")} legend="Which questions" description="A tag filter, the kinds of question to ask, then how units are sampled from what matches.">
      {errors.filter && <p className="text-sm font-medium text-danger">{errors.filter}</p>}
      <div aria-live="polite" className="text-sm text-muted">
        {loading ? "Loading the dataset’s tags…" : !state.datasetId ? "Choose a dataset to see its tags." : tagCount === 0 ? "This dataset’s questions have no tags to filter on." : null}
      </div>
      <TagFilterEditor name="filter" label="Tag filter" rows={state.filter} setRows={(change) => update((s) => ({ ...s, filter: change(s.filter) }))} tags={tags} errors={errors} />
      <KindsFields state={state} update={update} errors={errors} kinds={kinds} />
      <SamplingFields state={state} update={update} errors={errors} tags={tags} />
    </Section>
  );
}
