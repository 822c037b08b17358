import { describeFilter, exportHref, type ExportFormat, type TagFilter } from "@/components/datasets/tag-filter";
import { buttonClass } from "@/components/ui/button";

const EXPORTS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: "source", label: "Download source file", hint: "the benchmark's own format, records as imported" },
  { format: "jsonl", label: "Download questions (JSONL)", hint: "one normalised question per line" },
  { format: "csv", label: "Download questions (CSV)", hint: "one normalised question per row" },
];

// Downloads are plain links to the streaming export route, so the browser handles them
// (progress, resume) and they work without JavaScript.
export function ExportLinks({ datasetId, filter }: { datasetId: string; filter: TagFilter }) {
  const filtered = Object.keys(filter).length > 0;
  return (
    <div className="space-y-3">
      <p id="export-scope" className="text-sm text-muted">
        {filtered
          ? `Only questions where ${describeFilter(filter)} (for the source file: the records that hold such a question).`
          : "The whole dataset."}
      </p>
      <ul className="flex flex-wrap gap-2">
        {EXPORTS.map((e) => (
          <li key={e.format}>
            <a href={exportHref(datasetId, e.format, filter)} download className={buttonClass("secondary")} aria-describedby="export-scope">
              {e.label}
            </a>
            <span className="mt-1 block text-xs text-muted sm:max-w-48">{e.hint}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
