"use client";

import { useTranslations } from "next-intl";
import { Checkbox, Input, RadioGroup, Section } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import { TagFilterEditor, type DatasetTags } from "@/components/studies/filter-fields";
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
  const t = useTranslations("console.studies.questions");
  const l = useTranslations("console.studies.labels");
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
        <legend className="text-sm font-medium">{t("kinds")}</legend>
        <p id={`${fieldId("kinds")}-hint`} className="text-sm text-muted">
          {t("kindsHint")}
        </p>
        {errors.kinds && <p className="text-sm font-medium text-danger">{errors.kinds}</p>}
        <div className="mt-2 space-y-2">
          {present.map((k) => (
            <Checkbox
              key={k}
              id={fieldId(`kinds-${k}`)}
              label={
                <>
                  {l(`kind.${k}`)} <span className="text-muted">{t("kindCount", { count: String(kinds[k] ?? 0) })}</span>
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

// labels and hints are keys of console.studies.questions.sampling
const SAMPLING_KINDS: SamplingDraft["kind"][] = ["all", "random", "stratified"];

function SamplingFields({ state, update, errors, tags }: Omit<Props, "kinds" | "loading">) {
  const t = useTranslations("console.studies.questions");
  const sampling = state.settings.sampling;
  const set = (patch: Partial<SamplingDraft>) => update((s) => withSettings(s, (d) => ({ sampling: { ...d.sampling, ...patch } })));
  const strataTags = [...new Set([...splitTags(tags).common, ...sampling.by])];
  return (
    <div className="space-y-4 border-t border-line pt-4">
      <RadioGroup
        id={fieldId("sampling")}
        name="sampling"
        legend={t("samplingLegend")}
        hint={t("samplingHint")}
        options={SAMPLING_KINDS.map((value) => ({ value, label: t(`sampling.${value}.label`), hint: t(`sampling.${value}.hint`) }))}
        value={sampling.kind}
        error={errors.sampling}
        onChange={(kind) => set({ kind })}
      />
      {sampling.kind === "stratified" && (
        <fieldset id={fieldId("sampling.by")} className="min-w-0 sm:ml-8">
          <legend className="text-sm font-medium">{t("stratifyBy")}</legend>
          {errors["sampling.by"] && <p className="text-sm font-medium text-danger">{errors["sampling.by"]}</p>}
          {strataTags.length === 0 ? (
            <p className="text-sm text-muted">{t("noStrataTags")}</p>
          ) : (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {strataTags.map((tag) => (
                <Checkbox
                  key={tag}
                  id={fieldId(`sampling-by-${tag}`)}
                  label={tag}
                  checked={sampling.by.includes(tag)}
                  disabled={!sampling.by.includes(tag) && sampling.by.length >= 5}
                  onChange={(e) => set({ by: e.target.checked ? [...sampling.by, tag] : sampling.by.filter((x) => x !== tag) })}
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
            label={sampling.kind === "random" ? t("kRandom") : t("kStratified")}
            type="number"
            inputMode="numeric"
            min={1}
            value={sampling.k}
            error={errors["sampling.k"]}
            onChange={(e) => set({ k: e.target.value })}
          />
          <Input
            id={fieldId("sampling.seed")}
            label={t("seed")}
            hint={t("seedHint")}
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
  const t = useTranslations("console.studies.questions");
  const tagCount = Object.keys(tags).length;
  return (
    <Section id={fieldId("filter")} legend={t("legend")} description={t("description")}>
      {errors.filter && <p className="text-sm font-medium text-danger">{errors.filter}</p>}
      <div aria-live="polite" className="text-sm text-muted">
        {loading ? t("loadingTags") : !state.datasetId ? t("chooseDataset") : tagCount === 0 ? t("noTags") : null}
      </div>
      <TagFilterEditor name="filter" label={t("tagFilter")} rows={state.filter} setRows={(change) => update((s) => ({ ...s, filter: change(s.filter) }))} tags={tags} errors={errors} />
      <KindsFields state={state} update={update} errors={errors} kinds={kinds} />
      <SamplingFields state={state} update={update} errors={errors} tags={tags} />
    </Section>
  );
}
