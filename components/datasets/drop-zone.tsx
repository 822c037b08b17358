"use client";

import { useTranslations } from "next-intl";
import { useState, type DragEvent, type RefObject } from "react";
import { formatBytes } from "@/components/datasets/format";
import { buttonClass } from "@/components/ui/button";

// A drop target around a real file input. The input is visually hidden but focusable: its
// visible label ("Choose a file") looks like a button and shows the input's focus ring.
export function DropZone({ inputRef, file, error, onChoose }: {
  inputRef: RefObject<HTMLInputElement | null>;
  file: File | null;
  error?: string;
  onChoose: (file: File | null) => void;
}) {
  const [over, setOver] = useState(false);
  const t = useTranslations("console.datasets.dropZone");

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const files = event.dataTransfer.files;
    if (!files.length) return;
    // keep the input in step, so it reports the dropped file too
    if (inputRef.current) inputRef.current.files = files;
    onChoose(files[0] ?? null);
  }

  function dragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setOver(true);
  }

  return (
    <div
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
      className={`flex flex-col items-center gap-3 rounded-card border-2 border-dashed px-4 py-8 text-center ${
        error ? "border-danger" : over ? "border-primary bg-primary-soft" : "border-line bg-bg"
      }`}
    >
      <p id="dataset-file-drop" className="text-muted">
        {t("drop")}
      </p>
      <input
        ref={inputRef}
        id="dataset-file"
        type="file"
        name="file"
        aria-describedby={`dataset-file-drop dataset-file-chosen${error ? " dataset-file-error" : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChoose(e.currentTarget.files?.[0] ?? null)}
        className="peer sr-only"
      />
      <label
        htmlFor="dataset-file"
        className={buttonClass(
          "secondary",
          "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        )}
      >
        {t("choose")}
      </label>
      <p id="dataset-file-chosen" className="text-sm break-all">
        {file ? (
          t.rich("chosen", { name: file.name, size: formatBytes(file.size), b: (chunks) => <span className="font-medium">{chunks}</span> })
        ) : (
          <span className="text-muted">{t("none")}</span>
        )}
      </p>
      {error && (
        <p id="dataset-file-error" className="text-sm font-medium text-danger break-words">
          {error}
        </p>
      )}
    </div>
  );
}
