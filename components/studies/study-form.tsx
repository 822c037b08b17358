"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, useTransition, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ErrorSummary } from "@/components/studies/error-summary";
import { ConsoleFormKit } from "@/components/studies/form-kit-provider";
import { SectionLevel } from "@/components/studies/form-controls";
import { toFieldErrors, validateForm, type FieldErrors } from "@/components/studies/form-errors";
import { chooseDataset, formStateFromStudy, initialFormState, toCreatePayload, toUpdatePayload, type StudyFormState, type StudySettings, type Update } from "@/components/studies/form-model";
import { BasicsFields, type DatasetOption } from "@/components/studies/basics-fields";
import type { StudyOption } from "@/components/studies/exposure-fields";
import { lockedParts, StudyFormSections, type DatasetChoices } from "@/components/studies/form-sections";
import { useMedianSeconds } from "@/components/studies/use-plan";
import { descriptorOf } from "@/lib/designs/client";
import { api, type ApiProblem } from "@/lib/http/client";

export type { DatasetOption } from "@/components/studies/basics-fields";
export type { DatasetChoices } from "@/components/studies/form-sections";

type Props = {
  /** under a page section's h2 (the settings tab): sections become h3 */
  nested?: boolean;
  choices: DatasetChoices;
  /** the researcher's other studies, for exposure rules */
  studies: StudyOption[];
} & (
  | { mode: "create"; datasets: DatasetOption[]; datasetId: string; from?: { studyId: string; study: StudySettings } }
  /** locked: responses exist, so what was asked is shown read-only (lockedSummary) and not sent */
  | { mode: "edit"; studyId: string; stored: StudySettings; datasetName: string; locked: boolean; lockedSummary: ReactNode }
);

function initialState(props: Props): StudyFormState {
  if (props.mode === "edit") return formStateFromStudy(props.stored);
  if (props.from) return { ...formStateFromStudy(props.from.study), datasetId: props.datasetId };
  return initialFormState(props.datasetId);
}

/** Field errors to show now: the server's stay until the next submit; the browser's go as each is fixed. */
function liveErrors(at: { from: "browser" | "server"; fields: FieldErrors }, state: StudyFormState, mode: "create" | "edit", locked: boolean): FieldErrors {
  if (at.from === "server" || Object.keys(at.fields).length === 0) return at.fields;
  const now = validateForm(state, mode, locked);
  return Object.fromEntries(Object.keys(at.fields).flatMap((name) => (now[name] ? [[name, now[name]]] : [])));
}

// The study set-up form, for a new study and for editing one, for every design: the shared
// settings here, the design's own section from its folder (lib/designs/forms.ts). The browser runs
// the server's own schema first; the server's invalid_params land on the same fields.
export function StudyForm(props: Props) {
  const router = useRouter();
  const t = useTranslations("console.studies.form");
  const [state, setState] = useState(() => initialState(props));
  // errors as of the last submit; the browser's own ones disappear from the fields as they are fixed
  const [errorsAtSubmit, setErrors] = useState<{ from: "browser" | "server"; fields: FieldErrors }>({ from: "browser", fields: {} });
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const [loadingChoices, startTransition] = useTransition();
  const summary = useRef<HTMLDivElement>(null);
  const update: Update = (fn) => setState(fn);
  const locked = props.mode === "edit" && props.locked;
  const create = props.mode === "create";
  const medianSeconds = useMedianSeconds(props.mode === "edit" ? props.studyId : props.from?.studyId);

  function pickDataset(datasetId: string) {
    update((s) => chooseDataset(s, datasetId));
    const query = new URLSearchParams({ ...(datasetId ? { dataset: datasetId } : {}), ...(props.mode === "create" && props.from ? { from: props.from.studyId } : {}) }).toString();
    // the page reads the dataset's tags, views and models on the server; form state survives the navigation
    startTransition(() => router.replace(`/studies/new${query ? `?${query}` : ""}`, { scroll: false }));
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
        return fail(toFieldErrors(result.problem.invalid_params ?? [], state.design), result.problem);
      }
      router.push(`/studies/${result.data.study.id}?created=${result.data.study.units}`);
      return;
    }
    const result = await api(`/api/studies/${props.studyId}`, { method: "PATCH", json: toUpdatePayload(state, locked) });
    setBusy(false);
    if (!result.ok) return fail(toFieldErrors(result.problem.invalid_params ?? [], state.design), result.problem);
    setErrors({ from: "browser", fields: {} });
    setProblem(undefined);
    setNotice(t("saved"));
    router.refresh();
  }

  const errors = liveErrors(errorsAtSubmit, state, props.mode, locked);
  return (
    <ConsoleFormKit>
      <SectionLevel value={props.nested ? 3 : 2}>
        <form onSubmit={submit} noValidate className="space-y-6" aria-label={create ? t("newLabel") : t("editLabel")}>
          {locked && <Alert tone="warning">{t("locked", { own: lockedParts(state.design) ?? t("designSettings", { design: descriptorOf(state.design)?.label.toLowerCase() ?? "design" }) })}</Alert>}
          <ErrorSummary ref={summary} errors={errorsAtSubmit.fields} problem={problem} design={state.design} />
          <BasicsFields
            state={state}
            update={update}
            errors={errors}
            dataset={props.mode === "create" ? { mode: "create", datasets: props.datasets, onChoose: pickDataset } : { mode: "edit", name: props.datasetName }}
          />
          <StudyFormSections
            state={state}
            update={update}
            errors={errors}
            choices={props.choices}
            studies={props.studies}
            locked={locked}
            lockedSummary={props.mode === "edit" ? props.lockedSummary : null}
            loadingChoices={loadingChoices}
            datasetChosen={!create || state.datasetId !== ""}
            medianSeconds={medianSeconds}
            completionCode={props.mode === "edit" ? props.stored.completionCode : undefined}
          />
          <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? (create ? t("creating") : t("saving")) : create ? t("create") : t("save")}
            </Button>
            {create && (
              <Link href="/studies" className={buttonClass("secondary")}>
                {t("cancel")}
              </Link>
            )}
          </div>
        </form>
      </SectionLevel>
    </ConsoleFormKit>
  );
}
