"use client";

import { useState } from "react";
import { useFormKit, type DesignForm, type DesignSectionProps } from "@/lib/designs/form-kit";
import { ratingConfigSchema } from "@/lib/designs/rating/config";
import { emptyRatingDraft, modelChoices, ratingConfigOf, ratingDraftFrom, ratingFieldName, ratingReason, withChartomPenalties, type RatingDraft } from "@/lib/designs/rating/form-model";

function RatingSection({ draft, update, errors, dataset }: DesignSectionProps<RatingDraft>) {
  const { Button, Checkbox, Input, Section, TextArea, fieldId } = useFormKit();
  const [notice, setNotice] = useState("");
  const models = modelChoices(draft, dataset.models);
  const hintId = `${fieldId("config.models")}-hint`;
  const num = (key: "min" | "max" | "step", label: string) => (
    <Input
      id={fieldId(`config.scale.${key}`)}
      label={label}
      type="number"
      inputMode="decimal"
      step="any"
      value={draft[key]}
      error={errors[`config.scale.${key}`]}
      onChange={(e) => update((d) => ({ ...d, [key]: e.target.value }))}
    />
  );
  return (
    <Section id={fieldId("config")} legend="Rating" description="Raters score each model answer against the reference answer, without seeing which model wrote it. A unit is one model’s answer to one question.">
      {errors.config && (
        <p id={`${fieldId("config")}-error`} className="text-sm font-medium text-danger">
          {errors.config}
        </p>
      )}
      <fieldset id={fieldId("config.models")} className="min-w-0" aria-describedby={hintId}>
        <legend className="text-sm font-medium">Models whose answers are rated</legend>
        <p id={hintId} className="text-sm text-muted">
          From the dataset’s imported model predictions.
        </p>
        {errors["config.models"] && <p className="text-sm font-medium text-danger">{errors["config.models"]}</p>}
        {models.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{dataset.chosen ? "This dataset has no imported model predictions to rate." : "Choose a dataset to see its models."}</p>
        ) : (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {models.map((m) => (
              <Checkbox
                key={m}
                id={fieldId(`config-models-${m}`)}
                label={m}
                checked={draft.models.includes(m)}
                onChange={(e) => update((d) => ({ ...d, models: e.target.checked ? [...d.models, m] : d.models.filter((x) => x !== m) }))}
              />
            ))}
          </div>
        )}
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium">Scale</legend>
        {errors["config.scale"] && <p className="text-sm font-medium text-danger">{errors["config.scale"]}</p>}
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {num("min", "Lowest score")}
          {num("max", "Highest score")}
          {num("step", "Step")}
        </div>
      </fieldset>
      <div className="space-y-2">
        <TextArea
          id={fieldId("config.penalties")}
          label="Penalties (optional, one per line)"
          hint="Statements a rater may mark about an answer’s defects."
          rows={4}
          value={draft.penalties}
          error={errors["config.penalties"]}
          onChange={(e) => update((d) => ({ ...d, penalties: e.target.value }))}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              update(withChartomPenalties);
              setNotice("CharToM-QA’s defect statements were added.");
            }}
          >
            Add CharToM-QA’s penalties
          </Button>
          <span className="text-sm text-muted" aria-live="polite">
            {notice}
          </span>
        </div>
      </div>
      <Checkbox id={fieldId("config.comment")} label="A comment with each rating" checked={draft.comment} onChange={(e) => update((d) => ({ ...d, comment: e.target.checked }))} />
      <Input
        id={fieldId("config.coverageThreshold")}
        label="Bonus-point coverage threshold (%)"
        hint="A reference bonus point counts as covered by an answer at this share of its content words (Sally’s lexical proxy)."
        type="number"
        inputMode="decimal"
        min={10}
        max={100}
        value={draft.coveragePercent}
        error={errors["config.coverageThreshold"]}
        onChange={(e) => update((d) => ({ ...d, coveragePercent: e.target.value }))}
      />
    </Section>
  );
}

function RatingSummary({ config }: { config: unknown }) {
  const { SummaryRow: Row } = useFormKit();
  const parsed = ratingConfigSchema.safeParse(config);
  if (!parsed.success) return <Row term="Rating">Unreadable configuration</Row>;
  const c = parsed.data;
  return (
    <>
      <Row term="Models rated">{c.models.join(", ")}</Row>
      <Row term="Scale">
        {c.scale.min} to {c.scale.max} in steps of {c.scale.step}
      </Row>
      <Row term="Penalties">
        {c.penalties.length ? (
          <ul className="list-disc pl-5">
            {c.penalties.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : (
          "None"
        )}
      </Row>
      <Row term="Comment with each rating">{c.comment ? "Asked" : "Not asked"}</Row>
      <Row term="Coverage threshold">{Math.round(c.coverageThreshold * 100)}%</Row>
    </>
  );
}

// The response rating design's part of the console form: the models, the scale and the penalties.
export const ratingForm: DesignForm<RatingDraft> = {
  Section: RatingSection,
  Summary: RatingSummary,
  emptyDraft: emptyRatingDraft,
  toDraft: ratingDraftFrom,
  toConfig: ratingConfigOf,
  fieldName: ratingFieldName,
  reasonFor: ratingReason,
  nLabel: "Raters per answer",
  lockedParts: "models, scale and penalties",
};
