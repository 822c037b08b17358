import { useTranslations } from "next-intl";
import { formatCount, kindLabel, sortedCounts, type KindWords } from "@/components/datasets/format";

export interface DatasetSummary {
  sourceRecords: number;
  contexts: number;
  questions: number;
  byKind: Record<string, number>;
  mainTag: string;
  byMainTag: Record<string, number>;
}

const th = "px-4 py-2 font-medium";
const td = "px-4 py-2";

function CountTable({ caption, column, rows, label }: { caption: string; column: string; rows: [string, number][]; label: (key: string) => string }) {
  const t = useTranslations("console.datasets.summary");
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={th}>{column}</th>
            <th scope="col" className={`${th} text-right`}>{t("questions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, n]) => (
            <tr key={key} className="border-b border-line last:border-0">
              <th scope="row" className={`${td} font-normal break-words`}>{label(key)}</th>
              <td className={`${td} text-right tabular-nums`}>{formatCount(n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The counts an import reports: totals, questions by kind, and by the benchmark's main tag.
// No headings of its own, so it sits under whichever heading the page gives it.
export function SummaryTables({ summary }: { summary: DatasetSummary }) {
  const t = useTranslations("console.datasets.summary");
  const kinds = useTranslations("console.datasets.kinds");
  const byTag = sortedCounts(summary.byMainTag);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {[
          [t("sourceRecords"), summary.sourceRecords],
          [t("contexts"), summary.contexts],
          [t("questions"), summary.questions],
        ].map(([label, n]) => (
          <div key={label} className="rounded-card border border-line bg-surface px-3 py-3 sm:px-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums sm:text-2xl">{formatCount(Number(n))}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <CountTable caption={t("byKind")} column={t("kind")} rows={sortedCounts(summary.byKind)} label={(k) => kindLabel(k, kinds as KindWords)} />
        {summary.mainTag && byTag.length > 0 ? (
          <CountTable caption={t("byTag", { tag: summary.mainTag })} column={summary.mainTag} rows={byTag} label={(k) => k} />
        ) : (
          <p className="rounded-card border border-line bg-surface p-4 text-sm text-muted">
            {summary.mainTag ? t("noTagged", { tag: summary.mainTag }) : t("noMainTag")}
          </p>
        )}
      </div>
    </div>
  );
}

/** Dataset.summary as stored (JSON), with the counts from the row. */
export function summaryOf(dataset: { sourceRecords: number; contextCount: number; questionCount: number; summary: unknown }): DatasetSummary {
  const s = (dataset.summary ?? {}) as { byKind?: unknown; mainTag?: unknown; byMainTag?: unknown };
  const counts = (v: unknown): Record<string, number> =>
    v && typeof v === "object" ? Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === "number")) : {};
  return {
    sourceRecords: dataset.sourceRecords,
    contexts: dataset.contextCount,
    questions: dataset.questionCount,
    byKind: counts(s.byKind),
    mainTag: typeof s.mainTag === "string" ? s.mainTag : "",
    byMainTag: counts(s.byMainTag),
  };
}
