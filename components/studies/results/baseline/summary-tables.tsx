import { useTranslations } from "next-intl";
import { formatInterval, percent } from "@/components/charts/describe";
import { DataTable } from "@/components/charts/data-table";
import type { BaselineResults } from "@/lib/designs";

type Table = BaselineResults["summary"]["tables"][number];
type Row = Table["rows"][number];

const cell = (r: Row | undefined) => (r ? `${percent(r.accuracy)} (n=${r.n})` : "—");

/** Rows keyed by two tags (ToMATO's mental state × order) read as a grid: one tag down, the other across. */
function pivot(table: Table): { rowKey: string; colKey: string } | null {
  const keys = Object.keys(table.rows[0]?.group ?? {});
  const complete = table.rows.filter((r) => Object.keys(r.group).length === 2);
  return keys.length === 2 && complete.length >= 2 ? { rowKey: keys[0]!, colKey: keys[1]! } : null;
}

function Grid({ table, rowKey, colKey }: { table: Table; rowKey: string; colKey: string }) {
  const cells = table.rows.filter((r) => r.group[colKey] !== undefined);
  const pooled = table.rows.filter((r) => r.group[colKey] === undefined);
  const rowValues = [...new Set(cells.map((r) => r.group[rowKey]!))];
  const colValues = [...new Set(cells.map((r) => r.group[colKey]!))];
  const at = (rv: string, cv: string) => cells.find((r) => r.group[rowKey] === rv && r.group[colKey] === cv);
  return (
    <DataTable
      caption={table.title}
      columns={[rowKey.replace(/_/g, " "), ...colValues]}
      rows={[...rowValues.map((rv) => [rv, ...colValues.map((cv) => cell(at(rv, cv)))]), ...pooled.map((r) => [Object.values(r.group).join(" · "), cell(r), ...colValues.slice(1).map(() => "")])]}
    />
  );
}

// The benchmark's own tables, in its paper's layout (FANToM's All*/All/type rows, ToMATO's grid).
export function SummaryTables({ summary }: { summary: BaselineResults["summary"] }) {
  const t = useTranslations("console.results.baseline");
  return (
    <>
      {summary.tables.map((table) => {
        const grid = pivot(table);
        return (
          <section key={table.id} aria-label={table.title} className="space-y-2 rounded-card border border-line bg-surface p-4" data-summary-table={table.id}>
            <h3 className="font-semibold">{table.title}</h3>
            <div className="relative overflow-x-auto">
              {grid ? (
                <Grid table={table} {...grid} />
              ) : (
                <DataTable
                  caption={table.title}
                  columns={[t("row"), t("counted"), "n", t("accuracy"), t("wilson")]}
                  rows={table.rows.map((r) => [Object.values(r.group).join(" · "), r.unit === "set" ? t("sets") : t("answers"), r.n, percent(r.accuracy), formatInterval(r.ci)])}
                />
              )}
            </div>
            {table.note && <p className="text-sm text-muted">{table.note}</p>}
          </section>
        );
      })}
      {summary.figures.length > 0 && (
        <DataTable caption={t("furtherFigures")} columns={[t("figure"), t("value"), "n"]} rows={summary.figures.map((f) => [f.label, f.value === null ? "—" : f.value.toFixed(3), f.n])} />
      )}
      {summary.notes.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          {summary.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </>
  );
}
