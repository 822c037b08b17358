"use client";

import { useCallback, useRef, useState } from "react";
import {
  parseEventLine,
  problemFromBody,
  takeLines,
  type ImportProblem,
  type ImportSummary,
} from "@/components/datasets/import-events";

export interface ImportOptions {
  file: File;
  benchmark: string;
  name: string;
  versionLabel: string;
  asNewVersion: boolean;
}

/** Bytes and records per phase: "upload" is the browser sending, the others are the server's. */
export interface PhaseProgress {
  phase: "upload" | "receive" | "import";
  bytes: number;
  total: number;
  records?: number;
}

export type ImportState =
  | { status: "idle" }
  | { status: "running"; phases: PhaseProgress[] }
  | { status: "done"; phases: PhaseProgress[]; summary: ImportSummary }
  | { status: "failed"; phases: PhaseProgress[]; problem: ImportProblem };

const LOST: ImportProblem = {
  title: "Connection lost",
  status: 0,
  code: "network",
  detail:
    "The connection closed before the import finished. An import is all or nothing: reload the page to see whether the dataset is in the list, and import the file again if it is not.",
  issues: [],
};

export function importUrl(o: Omit<ImportOptions, "file"> & { fileName: string }): string {
  const q = new URLSearchParams({ benchmark: o.benchmark, fileName: o.fileName, asNewVersion: o.asNewVersion ? "1" : "0" });
  if (o.name.trim()) q.set("name", o.name.trim());
  if (o.versionLabel.trim()) q.set("versionLabel", o.versionLabel.trim());
  return `/api/datasets/import?${q}`;
}

function withPhase(phases: PhaseProgress[], next: PhaseProgress): PhaseProgress[] {
  const i = phases.findIndex((p) => p.phase === next.phase);
  return i === -1 ? [...phases, next] : phases.map((p, j) => (j === i ? next : p));
}

// Sends the file with XMLHttpRequest (fetch has no upload progress), then reads the server's
// NDJSON progress lines as they arrive. `onNews` hears each phase change once, and the result.
export type ImportNews = { phase: PhaseProgress["phase"] } | { done: ImportSummary } | { failed: ImportProblem };

export function useImport(onNews: (news: ImportNews) => void) {
  const [state, setState] = useState<ImportState>({ status: "idle" });
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  const start = useCallback(
    (o: ImportOptions) => {
      const xhr = new XMLHttpRequest();
      xhrRef.current = xhr;
      let phases: PhaseProgress[] = [{ phase: "upload", bytes: 0, total: o.file.size }];
      let offset = 0;
      let finished = false;
      const seen = new Set<string>(["upload"]);
      const update = (next: PhaseProgress) => {
        phases = withPhase(phases, next);
        if (!seen.has(next.phase)) {
          seen.add(next.phase);
          onNews({ phase: next.phase });
        }
        setState({ status: "running", phases });
      };
      const finish = (result: { summary: ImportSummary } | { problem: ImportProblem }) => {
        if (finished) return;
        finished = true;
        xhrRef.current = null;
        if ("summary" in result) {
          setState({ status: "done", phases, summary: result.summary });
          onNews({ done: result.summary });
        } else {
          setState({ status: "failed", phases, problem: result.problem });
          onNews({ failed: result.problem });
        }
      };
      const consume = (final: boolean) => {
        const { lines, next } = takeLines(xhr.responseText, offset, final);
        offset = next;
        for (const line of lines) {
          const event = parseEventLine(line);
          if (!event) continue;
          if (event.type === "progress") update({ phase: event.phase, bytes: event.bytes, total: event.total, records: event.records });
          else if (event.type === "done") finish({ summary: event.summary });
          else finish({ problem: event.problem });
        }
      };

      xhr.open("POST", importUrl({ ...o, fileName: o.file.name }));
      xhr.setRequestHeader("content-type", "application/octet-stream");
      xhr.upload.onprogress = (e) => update({ phase: "upload", bytes: e.loaded, total: e.lengthComputable ? e.total : o.file.size });
      xhr.upload.onload = () => update({ phase: "upload", bytes: o.file.size, total: o.file.size });
      xhr.onprogress = () => {
        if (xhr.status === 200) consume(false);
      };
      xhr.onload = () => {
        if (xhr.status !== 200) return finish({ problem: problemFromBody(xhr.status, xhr.responseText) });
        consume(true);
        finish({ problem: LOST });
      };
      xhr.onerror = () => finish({ problem: LOST });
      xhr.onabort = () =>
        finish({ problem: { title: "Import cancelled", status: 0, code: "cancelled", detail: "You cancelled the upload. Nothing was imported.", issues: [] } });
      setState({ status: "running", phases });
      onNews({ phase: "upload" });
      xhr.send(o.file);
    },
    [onNews],
  );

  const cancel = useCallback(() => xhrRef.current?.abort(), []);
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { state, start, cancel, reset };
}
