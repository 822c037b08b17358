"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { DropZone } from "@/components/datasets/drop-zone";
import { formatBytes, formatCount } from "@/components/datasets/format";
import { ImportProgress } from "@/components/datasets/import-progress";
import { ImportProblemView, ImportSummaryView } from "@/components/datasets/import-result";
import { useImport, type ImportNews, type PhaseProgress } from "@/components/datasets/use-import";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";

export const CLI_COMMAND = "npm run -s sally -- import --benchmark auto <file>";

const ANNOUNCE: Record<PhaseProgress["phase"], string> = {
  upload: "Uploading the file.",
  receive: "The server is receiving the file.",
  import: "Upload complete. Importing.",
};

// Import a benchmark file: pick or drop it, choose the benchmark (detected by default), then
// watch the upload and the import, and read the summary or the problems found.
export function UploadPanel({ maxBytes, benchmarks }: { maxBytes: number; benchmarks: { value: string; label: string }[] }) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [announcement, setAnnouncement] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const onNews = useCallback(
    (news: ImportNews) => {
      if ("phase" in news) return setAnnouncement(ANNOUNCE[news.phase]);
      if ("failed" in news) return setAnnouncement(`${news.failed.title}. ${news.failed.detail}`);
      setAnnouncement(`Import finished: ${formatCount(news.done.questions)} questions in ${formatCount(news.done.contexts)} contexts.`);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      router.refresh();
    },
    [router],
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
        ? `This file is ${formatBytes(next.size)}, over the upload limit of ${formatBytes(maxBytes)}. Import it with the command line instead: ${CLI_COMMAND}`
        : undefined,
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!file || file.size > maxBytes) {
      if (!file) setFileError("Choose a file to import.");
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
            Files up to {formatBytes(maxBytes)} (JSON, JSON Lines, CSV or Parquet). For larger files use the command line:{" "}
            <code className="rounded bg-bg px-1 break-words">{CLI_COMMAND}</code>
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField label="Benchmark" name="benchmark" defaultValue="auto" hint="Detected from the file's shape unless you choose.">
              <option value="auto">Detect automatically</option>
              {benchmarks.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </SelectField>
            <TextField label="Name" name="name" maxLength={200} hint="Optional. Defaults to the file name." autoComplete="off" />
            <TextField label="Version label" name="versionLabel" maxLength={100} hint="Optional, e.g. v1.1 or 2024-06." autoComplete="off" />
          </div>
          <div className="flex items-start gap-3">
            <input id="import-as-new-version" type="checkbox" name="asNewVersion" aria-describedby="import-as-new-version-hint" className="mt-0.5 size-5 shrink-0 accent-primary" />
            <div>
              <label htmlFor="import-as-new-version" className="text-sm font-medium">
                Import as a new version
              </label>
              <p id="import-as-new-version-hint" className="text-sm text-muted">
                Tick this to import a file that is already here again, as a separate dataset.
              </p>
            </div>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={running}>
            {running ? "Importing…" : "Import"}
          </Button>
          {uploading && (
            <Button variant="secondary" onClick={cancel}>
              Cancel upload
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
