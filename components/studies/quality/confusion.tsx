import { useTranslations } from "next-intl";
import type { QualityRow } from "@/lib/studies/quality";

// A participant's confusion matrices (rows: the aggregated label; columns: the participant's
// answer; each row a share), one per check family, behind a disclosure.
export function ConfusionDetails({ row }: { row: QualityRow }) {
  const t = useTranslations("console.quality.confusion");
  const families = Object.entries(row.confusion);
  if (families.length === 0) return <span className="text-muted">—</span>;
  return (
    <details>
      <summary className="cursor-pointer text-primary">{t("summary")}</summary>
      <div className="mt-2 space-y-3">
        {families.map(([family, { categories, matrix }]) => (
          <table key={family} className="text-xs">
            <caption className="text-left font-medium">
              {t("caption", { family, pseudonym: row.pseudonym })}
            </caption>
            <thead>
              <tr>
                <td />
                {categories.map((c) => (
                  <th key={c} scope="col" className="px-2 py-1 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matrix.map((cells, i) => (
                <tr key={categories[i]}>
                  <th scope="row" className="px-2 py-1 text-left font-medium">
                    {categories[i]}
                  </th>
                  {cells.map((v, j) => (
                    <td key={j} className="px-2 py-1 text-right tabular-nums">
                      {v.toFixed(2)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </details>
  );
}
