import { useTranslations } from "next-intl";
import { issueWhere, type ImportIssue } from "@/components/datasets/import-events";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 align-top";

// The problems a refused import found: where (record, line, field) and why.
export function IssuesTable({ issues, total }: { issues: ImportIssue[]; total: number }) {
  const t = useTranslations("console.datasets.issues");
  if (issues.length === 0) return null;
  const more = total > issues.length;
  return (
    <div role="region" aria-label={t("label")} tabIndex={0} className="overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="px-3 pt-3 text-left">
          <span className="font-semibold">
            {more ? t("firstOf", { shown: issues.length, total }) : t("count", { count: issues.length })}
          </span>
          <span className="block text-muted">{t("numbering")}</span>
        </caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className={th}>{t("record")}</th>
            <th scope="col" className={th}>{t("line")}</th>
            <th scope="col" className={th}>{t("field")}</th>
            <th scope="col" className={th}>{t("reason")}</th>
          </tr>
        </thead>
        <tbody>
          {issues.map((issue, i) => {
            const where = issueWhere(issue);
            return (
              <tr key={i} className="border-b border-line last:border-0">
                <td className={`${td} tabular-nums`}>{where.record}</td>
                <td className={`${td} tabular-nums`}>{where.line}</td>
                <td className={`${td} font-mono break-all`}>{where.field}</td>
                <td className={`${td} break-words`}>{issue.message}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
