"use client";

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

export function datasetOptionLabel(d: DatasetOption): string {
  return `${d.name}${d.versionLabel ? ` ${d.versionLabel}` : ""} (${d.benchmark}; ${d.contextCount} contexts, ${d.questionCount} questions)`;
}

type DatasetField = { mode: "create"; datasets: DatasetOption[]; onChoose: (id: string) => void } | { mode: "edit"; name: string };

export function BasicsFields({ state, update, errors, dataset }: { state: StudyFormState; update: Update; errors: FieldErrors; dataset: DatasetField }) {
  const design = descriptorOf(state.design);
  return (
    <Section legend="Basics">
      <Input id={fieldId("name")} label="Name" value={state.name} error={errors.name} autoComplete="off" onChange={(e) => update((s) => ({ ...s, name: e.target.value }))} />
      {dataset.mode === "create" ? (
        <Select
          id={fieldId("datasetId")}
          label="Dataset"
          hint={dataset.datasets.length === 0 ? "No dataset is imported yet. Import one under Datasets first." : undefined}
          value={state.datasetId}
          error={errors.datasetId}
          onChange={(e) => dataset.onChoose(e.target.value)}
        >
          <option value="">Choose a dataset…</option>
          {dataset.datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {datasetOptionLabel(d)}
            </option>
          ))}
        </Select>
      ) : (
        <p className="text-sm">
          <span className="font-medium">Dataset:</span> {dataset.name} <span className="text-muted">(fixed once the study exists)</span>
        </p>
      )}
      {dataset.mode === "create" ? (
        <RadioGroup
          id={fieldId("design")}
          name="design"
          legend="Design"
          hint="What participants do with each unit. The unit, N and entry modes below follow the design’s defaults until you change them."
          options={offeredDesigns().map((kind) => ({ value: kind, label: descriptorOf(kind)!.label, hint: descriptorOf(kind)!.description }))}
          value={state.design}
          error={errors.design}
          onChange={(kind) => update((s) => chooseDesign(s, kind))}
        />
      ) : (
        <p className="text-sm">
          <span className="font-medium">Design:</span> {design?.label ?? state.design} <span className="text-muted">(fixed once the study exists)</span>
        </p>
      )}
    </Section>
  );
}
