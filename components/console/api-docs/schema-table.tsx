import { useTranslations } from "next-intl";
import type { SchemaRow } from "@/lib/openapi/schema-rows";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 align-top";

/** Fields (parameters or a body's properties) as a table: name, where or type, required, constraints. */
export function FieldTable({ caption, rows, where }: { caption: string; rows: (SchemaRow & { in?: string })[]; where?: boolean }) {
  const t = useTranslations("console.apiDocs.fields");
  return (
    <div className="overflow-x-auto rounded-control border border-line">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="px-3 py-2 text-left font-medium">{caption}</caption>
        <thead className="border-y border-line bg-bg text-muted">
          <tr>
            <th scope="col" className={th}>{t("name")}</th>
            {where && <th scope="col" className={th}>{t("in")}</th>}
            <th scope="col" className={th}>{t("type")}</th>
            <th scope="col" className={th}>{t("required")}</th>
            <th scope="col" className={th}>{t("notes")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.in ?? ""}:${r.name}`} className="border-b border-line last:border-0">
              <th scope="row" className={`${td} font-mono font-normal break-all`}>{r.name}</th>
              {where && <td className={td}>{r.in}</td>}
              <td className={`${td} break-words`}>{r.type}</td>
              <td className={td}>{r.required ? t("yes") : t("no")}</td>
              <td className={`${td} break-words text-muted`}>{r.notes.join("; ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
