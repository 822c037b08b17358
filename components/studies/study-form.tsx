"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ChecksFields } from "@/components/studies/checks-fields";
import { ErrorSummary } from "@/components/studies/error-summary";
import { FilterFields, type DatasetTags } from "@/components/studies/filter-fields";
import { fieldId, toFieldErrors, validateForm, type FieldErrors } from "@/components/studies/form-errors";
import { Input, Section, SectionLevel, Select } from "@/components/studies/form-controls";
import { toCreatePayload, toUpdatePayload, type StudyFormState, type Update } from "@/components/studies/form-model";
import { EntryFields, InstructionsFields, RuleFields, UnitAndQuotaFields } from "@/components/studies/setup-fields";
import { api, type ApiProblem } from "@/lib/http/client";

export interface DatasetOption {
  id: string;
  name: string;
  benchmark: string;
  versionLabel: string | null;
  contextCount: number;
  questionCount: number;
}

type Props = {
  initial: StudyFormState;
  /** under a page section's h2 (the settings tab): sections become h3 */
  nested?: boolean;
  tags: DatasetTags;
  models: string[];
} & (
  | { mode: "create"; datasets: DatasetOption[] }
  /** locked: responses exist, so what was asked is shown read-only (lockedSummary) and not sent */
  | { mode: "edit"; studyId: string; datasetName: string; locked: boolean; lockedSummary: ReactNode }
);

/** Field errors to show now: the server's stay until the next submit; the browser's go as each is fixed. */
function liveErrors(at: { from: "browser" | "server"; fields: FieldErrors }, state: StudyFormState, mode: "create" | "edit", locked: boolean): FieldErrors {
  if (at.from === "server" || Object.keys(at.fields).length === 0) return at.fields;
  const now = validateForm(state, mode, locked);
  return Object.fromEntries(Object.keys(at.fields).flatMap((name) => (now[name] ? [[name, now[name]]] : [])));
}

export function datasetOptionLabel(d: DatasetOption): string {
  return `${d.name}${d.versionLabel ? ` ${d.versionLabel}` : ""} (${d.benchmark}; ${d.contextCount} contexts, ${d.questionCount} questions)`;
}

// The study set-up form, for a new study and for editing one. The browser runs the server's own
// schema first; the server's invalid_params land on the same fields.
export function StudyForm(props: Props) {
  const router = useRouter();
  const [state, setState] = useState(props.initial);
  // errors as of the last submit; the browser's own ones disappear from the fields as they are fixed
  const [errorsAtSubmit, setErrors] = useState<{ from: "browser" | "server"; fields: FieldErrors }>({ from: "browser", fields: {} });
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const [loadingTags, startTransition] = useTransition();
  const summary = useRef<HTMLDivElement>(null);
  const update: Update = (fn) => setState(fn);
  const locked = props.mode === "edit" && props.locked;

  function chooseDataset(datasetId: string) {
    update((s) => ({ ...s, datasetId, filter: [], llmJudge: false, llmModel: "" }));
    // the page reads the dataset's tags and models on the server; form state survives the navigation
    startTransition(() => router.replace(datasetId ? `/studies/new?dataset=${encodeURIComponent(datasetId)}` : "/studies/new", { scroll: false }));
  }

  function fail(fields: FieldErrors, p?: ApiProblem) {
    setErrors({ from: p ? "server" : "browser", fields });
    setProblem(p);
    requestAnimationFrame(() => summary.current?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice("");
    const local = validateForm(state, props.mode, locked);
    if (Object.keys(local).length) return fail(local);
    setBusy(true);
    if (props.mode === "create") {
      const result = await api<{ study: { id: string; units: number } }>("/api/studies", { method: "POST", json: toCreatePayload(state) });
      if (!result.ok) {
        setBusy(false);
        return fail(toFieldErrors(result.problem.invalid_params ?? []), result.problem);
      }
      router.push(`/studies/${result.data.study.id}?created=${result.data.study.units}`);
      return;
    }
    const result = await api(`/api/studies/${props.studyId}`, { method: "PATCH", json: toUpdatePayload(state, locked) });
    setBusy(false);
    if (!result.ok) return fail(toFieldErrors(result.problem.invalid_params ?? []), result.problem);
    setErrors({ from: "browser", fields: {} });
    setProblem(undefined);
    setNotice("Settings saved.");
    router.refresh();
  }

  const create = props.mode === "create";
  const errors = liveErrors(errorsAtSubmit, state, props.mode, locked);
  return (
    <SectionLevel value={props.nested ? 3 : 2}>
      <form onSubmit={submit} noValidate className="space-y-6" aria-label={create ? "New study" : "Study settings"}>
        <ErrorSummary ref={summary} errors={errorsAtSubmit.fields} problem={problem} />

        <Section legend="Basics">
          <Input
            id={fieldId("name")}
            label="Name"
            value={state.name}
            error={errors.name}
            autoComplete="off"
            onChange={(e) => update((s) => ({ ...s, name: e.target.value }))}
          />
          {create ? (
            <Select
              id={fieldId("datasetId")}
              label="Dataset"
              hint={props.datasets.length === 0 ? "No dataset is imported yet. Import one under Datasets first." : undefined}
              value={state.datasetId}
              error={errors.datasetId}
              onChange={(e) => chooseDataset(e.target.value)}
            >
              <option value="">Choose a dataset…</option>
              {props.datasets.map((d) => (
                <option key={d.id} value={d.id}>
                  {datasetOptionLabel(d)}
                </option>
              ))}
            </Select>
          ) : (
            <p className="text-sm">
              <span className="font-medium">Dataset:</span> {props.datasetName} <span className="text-muted">(fixed once the study exists)</span>
            </p>
          )}
        </Section>

        {locked && (
          <Section legend="Locked settings" description="Settings that change what was asked are locked once the first response exists.">
            {props.lockedSummary}
          </Section>
        )}

        <UnitAndQuotaFields state={state} update={update} errors={errors} locked={locked} />
        {!locked && <FilterFields state={state} update={update} errors={errors} tags={props.tags} loading={loadingTags} />}
        {!locked && <ChecksFields state={state} update={update} errors={errors} />}
        {!locked && <RuleFields state={state} update={update} errors={errors} models={props.models} datasetChosen={!create || state.datasetId !== ""} />}
        <InstructionsFields state={state} update={update} errors={errors} />
        <EntryFields state={state} update={update} errors={errors} />

        <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? (create ? "Creating…" : "Saving…") : create ? "Create study" : "Save settings"}
          </Button>
          {create && (
            <Link href="/studies" className={buttonClass("secondary")}>
              Cancel
            </Link>
          )}
        </div>
      </form>
    </SectionLevel>
  );
}
