"use client";

import { useTranslations } from "next-intl";
import { PresetButton, useFormKit, type DesignForm, type DesignSectionProps } from "@/lib/designs/form-kit";
import { ratingConfigSchema } from "@/lib/designs/rating/config";
import { emptyRatingDraft, modelChoices, ratingConfigOf, ratingDraftFrom, ratingFieldName, ratingReason, withChartomPenalties, type RatingDraft } from "@/lib/designs/rating/form-model";

function RatingSection({ draft, update, errors, dataset }: DesignSectionProps<RatingDraft>) {
  const { Checkbox, Input, Section, TextArea, fieldId } = useFormKit();
  const t = useTranslations("console.designs.rating");
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
    <Section id={fieldId("config")} legend={t("legend")} description={t("description")}>
      {errors.config && (
        <p id={`${fieldId("config")}-error`} className="text-sm font-medium text-danger">
          {errors.config}
        </p>
      )}
      <fieldset id={fieldId("config.models")} className="min-w-0" aria-describedby={hintId}>
        <legend className="text-sm font-medium">{t("models")}</legend>
        <p id={hintId} className="text-sm text-muted">
          {t("modelsHint")}
        </p>
        {errors["config.models"] && <p className="text-sm font-medium text-danger">{errors["config.models"]}</p>}
        {models.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{dataset.chosen ? t("noModels") : t("chooseDataset")}</p>
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
        <legend className="text-sm font-medium">{t("scale")}</legend>
        {errors["config.scale"] && <p className="text-sm font-medium text-danger">{errors["config.scale"]}</p>}
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {num("min", t("min"))}
          {num("max", t("max"))}
          {num("step", t("step"))}
        </div>
      </fieldset>
      <div className="space-y-2">
        <TextArea
          id={fieldId("config.penalties")}
          label={t("penalties")}
          hint={t("penaltiesHint")}
          rows={4}
          value={draft.penalties}
          error={errors["config.penalties"]}
          onChange={(e) => update((d) => ({ ...d, penalties: e.target.value }))}
        />
        <PresetButton label={t("addChartom")} applied={t("chartomAdded")} onApply={() => update(withChartomPenalties)} />
      </div>
      <Checkbox id={fieldId("config.comment")} label={t("comment")} checked={draft.comment} onChange={(e) => update((d) => ({ ...d, comment: e.target.checked }))} />
      <Input
        id={fieldId("config.coverageThreshold")}
        label={t("coverage")}
        hint={t("coverageHint")}
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
  const t = useTranslations("console.designs.rating");
  const parsed = ratingConfigSchema.safeParse(config);
  if (!parsed.success) return <Row term={t("legend")}>{t("unreadable")}</Row>;
  const c = parsed.data;
  return (
    <>
      <Row term={t("modelsRated")}>{c.models.join(", ")}</Row>
      <Row term={t("scale")}>{t("scaleText", { min: String(c.scale.min), max: String(c.scale.max), step: String(c.scale.step) })}</Row>
      <Row term={t("penaltiesTerm")}>
        {c.penalties.length ? (
          <ul className="list-disc pl-5">
            {c.penalties.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : (
          t("none")
        )}
      </Row>
      <Row term={t("commentTerm")}>{c.comment ? t("asked") : t("notAsked")}</Row>
      <Row term={t("coverageTerm")}>{Math.round(c.coverageThreshold * 100)}%</Row>
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
