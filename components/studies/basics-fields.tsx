"use client";

import { useTranslations } from "next-intl";
import { Input, RadioGroup, Section, Select } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { chooseDesign, offeredDesigns, type StudyFormState, type Update } from "@/components/studies/form-model";
import { descriptorOf } from "@/lib/designs/client";

export interface DatasetOption {
  id: string;
  name: string;
  benchmark: string;
  versionLabel: string | null;
  contextCount: number;
  questionCount: number;
}

type Translate = ReturnType<typeof useTranslations<"console.studies.basics">>;

export function datasetOptionLabel(d: DatasetOption, t: Translate): string {
  return t("datasetOption", { name: d.name, hasVersion: d.versionLabel ? "yes" : "no", version: d.versionLabel ?? "", benchmark: d.benchmark, contexts: String(d.contextCount), questions: String(d.questionCount) });
}

type DatasetField = { mode: "create"; datasets: DatasetOption[]; onChoose: (id: string) => void } | { mode: "edit"; name: string };

export function BasicsFields({ state, update, errors, dataset }: { state: StudyFormState; update: Update; errors: FieldErrors; dataset: DatasetField }) {
  const t = useTranslations("console.studies.basics");
  const design = descriptorOf(state.design);
  return (
    <Section legend={t("legend")}>
      <Input id={fieldId("name")} label={t("name")} value={state.name} error={errors.name} autoComplete="off" onChange={(e) => update((s) => ({ ...s, name: e.target.value }))} />
      {dataset.mode === "create" ? (
        <Select
          id={fieldId("datasetId")}
          label={t("dataset")}
          hint={dataset.datasets.length === 0 ? t("noDatasets") : undefined}
          value={state.datasetId}
          error={errors.datasetId}
          onChange={(e) => dataset.onChoose(e.target.value)}
        >
          <option value="">{t("chooseDataset")}</option>
          {dataset.datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {datasetOptionLabel(d, t)}
            </option>
          ))}
        </Select>
      ) : (
        <p className="text-sm">
          {t.rich("fixedDataset", { name: dataset.name, b: (chunks) => <span className="font-medium">{chunks}</span>, muted: (chunks) => <span className="text-muted">{chunks}</span> })}
        </p>
      )}
      {dataset.mode === "create" ? (
        <RadioGroup
          id={fieldId("design")}
          name="design"
          legend={t("design")}
          hint={t("designHint")}
          options={offeredDesigns().map((kind) => ({ value: kind, label: descriptorOf(kind)!.label, hint: descriptorOf(kind)!.description }))}
          value={state.design}
          error={errors.design}
          onChange={(kind) => update((s) => chooseDesign(s, kind))}
        />
      ) : (
        <p className="text-sm">
          {t.rich("fixedDesign", { name: design?.label ?? state.design, b: (chunks) => <span className="font-medium">{chunks}</span>, muted: (chunks) => <span className="text-muted">{chunks}</span> })}
        </p>
      )}
    </Section>
  );
}
