const EXPORTS = [
  { format: "release", label: "Release for the Hugging Face Hub (zip)", detail: "A dataset card, the validated data, Parquet tables, errata.csv and the manifest, in one folder." },
  { format: "validated", label: "Validated dataset", detail: "The kept items in the benchmark's own source format." },
  { format: "responses-csv", label: "Raw responses (CSV)", detail: "One row per response and check: unit, rater, label." },
  { format: "responses-parquet", label: "Raw responses (Parquet)", detail: "The same rows and columns, typed, values as given." },
  { format: "responses-jsonl", label: "Raw responses (JSONL)", detail: "One line per response, the payload as submitted." },
  { format: "decisions-csv", label: "Unit decisions (CSV)", detail: "One row per unit: decision, reasons, votes and adjudications." },
  { format: "manifest", label: "Manifest (JSON)", detail: "Settings, decisions and counts, to recompute every figure." },
];

export function ExportsList({ studyId }: { studyId: string }) {
  return (
    <section aria-labelledby="exports-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id="exports-heading" className="text-lg font-semibold">
        Exports
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {EXPORTS.map((e) => (
          <li key={e.format} className="rounded-control border border-line p-3">
            <a href={`/api/studies/${studyId}/export?format=${e.format}`} download className="font-medium text-primary underline underline-offset-2">
              Download {e.label.charAt(0).toLowerCase() + e.label.slice(1)}
            </a>
            <p className="mt-1 text-sm text-muted">{e.detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
