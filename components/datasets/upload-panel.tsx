"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { DropZone } from "@/components/datasets/drop-zone";
import { formatBytes } from "@/components/datasets/format";
import { ImportProgress } from "@/components/datasets/import-progress";
import { ImportProblemView, ImportSummaryView } from "@/components/datasets/import-result";
import { useImport, type ImportNews } from "@/components/datasets/use-import";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";

export const CLI_COMMAND = "npm run -s sally -- import --benchmark auto <file>";


// Import a benchmark file: pick or drop it, choose the benchmark (detected by default), then
// watch the upload and the import, and read the summary or the problems found.
export function UploadPanel({ maxBytes, benchmarks }: { maxBytes: number; benchmarks: { value: string; label: string }[] }) {
  const router = useRouter();
  const t = useTranslations("console.datasets.upload");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [announcement, setAnnouncement] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const onNews = useCallback(
    (news: ImportNews) => {
      if ("phase" in news) return setAnnouncement(t(`announce.${news.phase}`));
      if ("failed" in news) return setAnnouncement(`${news.failed.title}. ${news.failed.detail}`);
      setAnnouncement(t("finished", { questions: news.done.questions, contexts: news.done.contexts }));
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      router.refresh();
    },
    [router, t],
  );
  const { state, start, cancel } = useImport(onNews);
  const running = state.status === "running";
  const uploading = running && state.phases.length === 1;

  // the result's heading takes focus once it is on screen
  useEffect(() => {
    if (state.status === "done" || state.status === "failed") resultHeading.current?.focus();
  }, [state.status]);

  function choose(next: File | null) {
    setFile(next);
    setFileError(
      next && next.size > maxBytes
        ? t("tooLarge", { size: formatBytes(next.size), limit: formatBytes(maxBytes), command: CLI_COMMAND })
        : undefined,
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!file || file.size > maxBytes) {
      if (!file) setFileError(t("chooseFile"));
      fileInput.current?.focus();
      return;
    }
    start({
      file,
      benchmark: String(form.get("benchmark") ?? "auto"),
      name: String(form.get("name") ?? ""),
      versionLabel: String(form.get("versionLabel") ?? ""),
      asNewVersion: form.get("asNewVersion") === "on",
    });
  }

  const labelOf = (value: string) => benchmarks.find((b) => b.value === value)?.label ?? value;

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate aria-describedby="import-limit" className="space-y-4">
        <fieldset disabled={running} className="min-w-0 space-y-4">
          <DropZone inputRef={fileInput} file={file} error={fileError} onChoose={choose} />
          <p id="import-limit" className="text-sm text-muted">
            {t.rich("limit", {
              limit: formatBytes(maxBytes),
              command: CLI_COMMAND,
              code: (chunks) => <code className="rounded bg-bg px-1 break-words">{chunks}</code>,
            })}
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField label={t("benchmark")} name="benchmark" defaultValue="auto" hint={t("benchmarkHint")}>
              <option value="auto">{t("detect")}</option>
              {benchmarks.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </SelectField>
            <TextField label={t("name")} name="name" maxLength={200} hint={t("nameHint")} autoComplete="off" />
            <TextField label={t("versionLabel")} name="versionLabel" maxLength={100} hint={t("versionLabelHint")} autoComplete="off" />
          </div>
          <div className="flex items-start gap-3">
            <input id="import-as-new-version" type="checkbox" name="asNewVersion" aria-describedby="import-as-new-version-hint" className="mt-0.5 size-5 shrink-0 accent-primary" />
            <div>
              <label htmlFor="import-as-new-version" className="text-sm font-medium">
                {t("asNewVersion")}
              </label>
              <p id="import-as-new-version-hint" className="text-sm text-muted">
                {t("asNewVersionHint")}
              </p>
            </div>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={running}>
            {running ? t("importing") : t("import")}
          </Button>
          {uploading && (
            <Button variant="secondary" onClick={cancel}>
              {t("cancel")}
            </Button>
          )}
        </div>
      </form>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {state.status === "running" && <ImportProgress phases={state.phases} />}
      {state.status === "done" && <ImportSummaryView ref={resultHeading} summary={state.summary} benchmarkLabel={labelOf(state.summary.benchmark)} />}
      {state.status === "failed" && <ImportProblemView ref={resultHeading} problem={state.problem} />}
    </div>
  );
}
