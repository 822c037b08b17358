import { getTranslations } from "next-intl/server";
import { studyForPage } from "@/components/studies/page-data";
import { Pagination } from "@/components/studies/pagination";
import { ParticipantsTable } from "@/components/studies/participants-table";
import { queryHref } from "@/components/studies/sort-header";
import { afterResponse } from "@/lib/http/after";
import { participantsPage, participantsQuery } from "@/lib/studies/tables";

const PAGE_SIZE = 100;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const [{ study }, t] = await Promise.all([studyForPage((await params).id), getTranslations("console.studies.participants")]);
  return { title: t("title", { name: study.name }) };
}

export default async function StudyParticipantsPage({ params, searchParams }: Props) {
  const { study } = await studyForPage((await params).id);
  const [raw, t] = await Promise.all([searchParams, getTranslations("console.studies.participants")]);
  // a malformed query falls back to the defaults rather than failing the page
  const parsed = participantsQuery.safeParse({ pageSize: PAGE_SIZE, sort: raw.sort, order: raw.order, page: raw.page });
  const query = parsed.success ? parsed.data : participantsQuery.parse({ pageSize: PAGE_SIZE });
  const table = await participantsPage(study, query, afterResponse);
  const pages = Math.max(1, Math.ceil(table.total / query.pageSize));
  const first = (query.page - 1) * query.pageSize + 1;
  const base = `/studies/${study.id}/participants`;
  const baseline = study.design === "baseline";
  // the overview's figure that this table elaborates: only for vote-based designs
  const agreementNote = baseline ? t("accuracyNote") : t("agreementNote");
  return (
    <section aria-labelledby="participants-heading" className="space-y-4">
      <h2 id="participants-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {table.items.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-4 text-muted">{table.total === 0 ? t("nobody") : t("noneOnPage")}</p>
      ) : (
        <ParticipantsTable
          participants={table.items}
          accuracy={baseline}
          sort={{ sort: query.sort, order: query.order, href: (sort, order) => queryHref(base, { sort, order }) }}
          caption={t("caption", {
            first: String(first),
            last: String(first + table.items.length - 1),
            total: String(table.total),
            sort: query.sort,
            order: query.order,
            note: agreementNote,
          })}
        />
      )}
      <Pagination basePath={base} query={{ sort: query.sort, order: query.order }} page={query.page} pages={pages} label={t("pages")} />
    </section>
  );
}
