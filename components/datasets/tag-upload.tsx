"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { IssuesTable } from "@/components/datasets/issues-table";
import { doneText, fileProblem, TAGS_EXAMPLE, tagUploadOutcome, type TagUploadOutcome } from "@/components/datasets/tag-upload-model";
import { Button } from "@/components/ui/button";

// For those who may edit the dataset: extra tags from a CSV (questionId,tag,value), all or
// nothing. While the file goes up the button is disabled and a bar shows it; the result (or
// the refused rows, by line) follows, and focus moves to its heading. After a success the page
// is refreshed, so the new tags appear in the question filter.
export function TagUpload({ datasetId }: { datasetId: string }) {
  const router = useRouter();
  const t = useTranslations("console.datasets.tags");
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<TagUploadOutcome>();
  const [fileError, setFileError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = { file: useId(), help: useId(), error: useId() };

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("tags-file") as HTMLInputElement).files?.[0] ?? null;
    const problem = fileProblem(file);
    setFileError(problem ?? undefined);
    if (problem || !file) return;
    setPending(true);
    setOutcome(undefined);
    let next: TagUploadOutcome;
    try {
      const res = await fetch(`/api/datasets/${datasetId}/tags`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ csv: await file.text() }) });
      next = tagUploadOutcome(res.status, await res.text());
    } catch {
      next = { kind: "refused", problem: { title: t("networkTitle"), status: 0, detail: t("networkDetail"), code: "network", issues: [] } };
    }
    setPending(false);
    setOutcome(next);
    if (next.kind === "done") {
      form.reset();
      router.refresh();
    }
  }

  return (
    <section aria-labelledby="tag-upload-heading" className="space-y-3">
      <h2 id="tag-upload-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <div id={ids.help} className="space-y-2 text-sm">
        <p>{t.rich("help", { code: (chunks) => <code className="font-mono">{chunks}</code> })}</p>
        <p>{t("example")}</p>
        <pre className="overflow-x-auto rounded-control border border-line bg-bg p-3 font-mono text-xs">{TAGS_EXAMPLE}</pre>
      </div>
      <form onSubmit={upload} aria-label={t("heading")} className="flex flex-wrap items-end gap-3 rounded-card border border-line bg-surface p-4" noValidate>
        <div className="space-y-1">
          <label htmlFor={ids.file} className="block text-sm font-medium">
            {t("file")}
          </label>
          <input
            id={ids.file}
            name="tags-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={fileError ? `${ids.help} ${ids.error}` : ids.help}
            aria-invalid={fileError ? true : undefined}
            className="block text-sm file:mr-3 file:min-h-11 file:rounded-control file:border file:border-line file:bg-surface file:px-4 file:text-sm file:font-medium"
          />
          {fileError && (
            <p id={ids.error} className="text-sm text-danger">
              {fileError}
            </p>
          )}
        </div>
        <Button type="submit" disabled={pending} aria-describedby={pending ? "tag-upload-progress" : undefined}>
          {pending ? t("adding") : t("add")}
        </Button>
        {pending && (
          <div className="basis-full space-y-1" role="status">
            <p id="tag-upload-progress" className="text-sm">
              {t("sending")}
            </p>
            <progress aria-labelledby="tag-upload-progress" className="block h-3 w-full max-w-md" />
          </div>
        )}
      </form>
      {outcome?.kind === "done" && (
        <div className="space-y-1 rounded-card border border-success bg-success-soft/40 p-4">
          <h3 ref={heading} tabIndex={-1} className="font-semibold">
            {t("added")}
          </h3>
          <p>{doneText(outcome)}</p>
        </div>
      )}
      {outcome?.kind === "refused" && (
        <div className="space-y-3 rounded-card border border-danger bg-danger-soft p-4">
          <h3 ref={heading} tabIndex={-1} className="font-semibold text-danger">
            {t("refused")}
          </h3>
          <p className="break-words">{outcome.problem.detail}</p>
          <IssuesTable issues={outcome.problem.issues} total={outcome.problem.total ?? outcome.problem.issues.length} />
        </div>
      )}
    </section>
  );
}
