import { useTranslations } from "next-intl";
import { describeFilter, exportHref, type ExportFormat, type TagFilter } from "@/components/datasets/tag-filter";
import { buttonClass } from "@/components/ui/button";

const EXPORTS: ExportFormat[] = ["source", "jsonl", "csv"];

// Downloads are plain links to the streaming export route, so the browser handles them
// (progress, resume) and they work without JavaScript.
export function ExportLinks({ datasetId, filter }: { datasetId: string; filter: TagFilter }) {
  const t = useTranslations("console.datasets.exports");
  const filtered = Object.keys(filter).length > 0;
  return (
    <div className="space-y-3">
      <p id="export-scope" className="text-sm text-muted">
        {filtered
          ? t("filtered", { filter: describeFilter(filter) })
          : t("whole")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {EXPORTS.map((format) => (
          <li key={format}>
            <a href={exportHref(datasetId, format, filter)} download className={buttonClass("secondary")} aria-describedby="export-scope">
              {t(`${format}.label`)}
            </a>
            <span className="mt-1 block text-xs text-muted sm:max-w-48">{t(`${format}.hint`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
