import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { DECISIONS } from "@/components/studies/format";
import { studyForPage } from "@/components/studies/page-data";
import { Pagination } from "@/components/studies/pagination";
import { queryHref } from "@/components/studies/sort-header";
import { UnitsTable } from "@/components/studies/units-table";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { afterResponse } from "@/lib/http/after";
import { unitsQuery, unitsTable } from "@/lib/studies/tables";

const PAGE_SIZE = 50;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const [{ study }, t] = await Promise.all([studyForPage((await params).id), getTranslations("console.studies.units")]);
  return { title: t("title", { name: study.name }) };
}

export default async function StudyUnitsPage({ params, searchParams }: Props) {
  const { study } = await studyForPage((await params).id);
  const [raw, t, decisionLabel] = await Promise.all([searchParams, getTranslations("console.studies.units"), getTranslations("console.studies.decisions")]);
  // a malformed query falls back to the defaults rather than failing the page
  const parsed = unitsQuery.safeParse({ pageSize: PAGE_SIZE, page: raw.page, sort: raw.sort, order: raw.order, status: raw.status || undefined, ties: raw.ties });
  const query = parsed.success ? parsed.data : unitsQuery.parse({ pageSize: PAGE_SIZE });
  const decision = query.status;
  const ties = query.ties === "1";
  const { page: table, decisions, names } = await unitsTable(study, query, undefined, afterResponse);
  const rows = table.items;
  const page = query.page;
  const pages = Math.max(1, Math.ceil(table.total / PAGE_SIZE));
  const first = (page - 1) * PAGE_SIZE + 1;
  const shown =
    table.total === 0
      ? t("none")
      : rows.length === 0
        ? t("noneOnPage", { page: String(page), pages: String(pages) })
        : t("range", { first: String(first), last: String(first + rows.length - 1), total: String(table.total) });
  const filters = [decision && t("filterDecision", { decision: decisionLabel(decision) }), ties && t("filterTie")].filter(Boolean).join(", ");
  const base = `/studies/${study.id}/units`;
  return (
    <section aria-labelledby="units-heading" className="space-y-4">
      <h2 id="units-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <form method="get" action={base} className="flex flex-wrap items-end gap-3 rounded-card border border-line bg-surface p-4" aria-label={t("filterLabel")}>
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="order" value={query.order} />
        <div className="space-y-1">
          <label htmlFor="units-decision" className="block text-sm font-medium">
            {t("byDecision")}
          </label>
          <select id="units-decision" name="status" defaultValue={decision ?? ""} className={controlClass}>
            <option value="">{t("allDecisions")}</option>
            {DECISIONS.map((d) => (
              <option key={d} value={d}>
                {decisionLabel(d)} ({decisions[d]})
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-h-11 items-center gap-2">
          <input id="units-ties" type="checkbox" name="ties" value="1" defaultChecked={ties} className="size-5 accent-primary" />
          <label htmlFor="units-ties" className="text-sm font-medium">
            {t("onlyTies")}
          </label>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("apply")}
        </button>
        {(decision || ties) && (
          <Link href={base} className={buttonClass("ghost")}>
            {t("showAll")}
          </Link>
        )}
      </form>
      <p className="text-sm text-muted" role="status">
        {shown}
        {filters && ` (${filters})`}
        {t.rich("legend", { tie: (chunks) => <strong className="text-warning">{chunks}</strong> })}
      </p>
      {rows.length > 0 && (
        <UnitsTable
          units={rows}
          names={{ columns: names.voteColumns, itemColumn: names.itemColumn, reasonLabels: names.reasonLabels }}
          sort={{ sort: query.sort, order: query.order, href: (sort, order) => queryHref(base, { status: decision, ties: ties ? "1" : undefined, sort, order }) }}
          caption={t("caption", { shown: `${shown}${filters ? ` (${filters})` : ""}` })}
        />
      )}
      <Pagination basePath={base} query={{ status: decision, ties: ties ? "1" : undefined, sort: query.sort, order: query.order }} page={page} pages={pages} label={t("pages")} />
    </section>
  );
}
