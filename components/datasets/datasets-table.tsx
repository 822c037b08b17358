import { useTranslations } from "next-intl";
import Link from "next/link";
import { formatCount, formatDateTime, versionText } from "@/components/datasets/format";

export interface DatasetListRow {
  id: string;
  name: string;
  benchmarkLabel: string;
  versionLabel: string | null;
  hashVersion: number;
  sourceFileName: string;
  sourceRecords: number;
  contextCount: number;
  questionCount: number;
  createdAt: Date;
  ownerName: string | null;
  sharedWith: string;
}

const th = "px-4 py-3 font-medium";
const td = "px-4 py-3";

// The datasets the viewer may read, newest first. The table scrolls sideways on narrow screens; the
// scrolling box is focusable so keyboard users can scroll it too.
export function DatasetsTable({ rows }: { rows: DatasetListRow[] }) {
  const t = useTranslations("console.datasets.table");
  if (rows.length === 0) {
    return <p className="rounded-card border border-line bg-surface p-6 text-muted">{t("empty")}</p>;
  }
  return (
    <div role="region" aria-labelledby="datasets-caption" tabIndex={0} className="overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full min-w-[62rem] text-left text-sm">
        <caption id="datasets-caption" className="sr-only">
          {t("caption")}
        </caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={th}>{t("name")}</th>
            <th scope="col" className={th}>{t("benchmark")}</th>
            <th scope="col" className={th}>{t("version")}</th>
            <th scope="col" className={th}>{t("file")}</th>
            <th scope="col" className={`${th} text-right`}>{t("records")}</th>
            <th scope="col" className={`${th} text-right`}>{t("contexts")}</th>
            <th scope="col" className={`${th} text-right`}>{t("questions")}</th>
            <th scope="col" className={th}>{t("importedBy")}</th>
            <th scope="col" className={th}>{t("sharedWith")}</th>
            <th scope="col" className={th}>{t("imported")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id} className="border-b border-line last:border-0">
              <th scope="row" className={`${td} font-medium`}>
                <Link href={`/datasets/${d.id}`} className="text-primary underline-offset-2 hover:underline">
                  {d.name}
                </Link>
              </th>
              <td className={td}>{d.benchmarkLabel}</td>
              <td className={td}>{versionText(d.versionLabel, d.hashVersion)}</td>
              <td className={`${td} min-w-48 break-all`}>{d.sourceFileName}</td>
              <td className={`${td} text-right tabular-nums`}>{formatCount(d.sourceRecords)}</td>
              <td className={`${td} text-right tabular-nums`}>{formatCount(d.contextCount)}</td>
              <td className={`${td} text-right tabular-nums`}>{formatCount(d.questionCount)}</td>
              <td className={td}>{d.ownerName ?? <span className="text-muted">{t("commandLine")}</span>}</td>
              <td className={td}>{d.sharedWith}</td>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={d.createdAt.toISOString()}>{formatDateTime(d.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
