import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { redirect } from "next/navigation";
import { DeleteDataset } from "@/components/datasets/delete-dataset";
import { ExportLinks } from "@/components/datasets/export-links";
import { formatDateTime, versionText } from "@/components/datasets/format";
import { benchmarkLabel, datasetForPage, questionPage, QUESTIONS_PER_PAGE } from "@/components/datasets/page-data";
import { QuestionCard } from "@/components/datasets/question-card";
import { QuestionPagination } from "@/components/datasets/question-pagination";
import { SharePanel } from "@/components/datasets/share-panel";
import { TagUpload } from "@/components/datasets/tag-upload";
import { summaryOf, SummaryTables } from "@/components/datasets/summary-tables";
import { TagFilterForm } from "@/components/datasets/tag-filter-form";
import { describeFilter, filterFromSearch, hasStrayTags, knownFilter, pageFromSearch, searchFor, type SearchParams } from "@/components/datasets/tag-filter";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { datasetModels, datasetTags, sharingOf } from "@/lib/datasets/service";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props) {
  const [{ dataset }, t] = await Promise.all([datasetForPage((await params).id), getTranslations("console.datasets.detail")]);
  return { title: t("title", { name: dataset.name }) };
}

export default async function DatasetPage({ params, searchParams }: Props) {
  const { user, dataset } = await datasetForPage((await params).id);
  const manages = can(user, "datasets.manage", dataset);
  const [t, tags, models, search, sharing] = await Promise.all([
    getTranslations("console.datasets.detail"),
    datasetTags(dataset.id),
    datasetModels(dataset.id),
    searchParams,
    manages ? sharingOf(dataset) : null,
  ]);
  const filter = knownFilter(filterFromSearch(search), tags);
  if (hasStrayTags(search, filter)) redirect(`/datasets/${dataset.id}${searchFor(filter, pageFromSearch(search.page, Number.MAX_SAFE_INTEGER))}`);
  const { rows, total, page, pages } = await questionPage(user, dataset.id, filter, pageFromSearch(search.page, Number.MAX_SAFE_INTEGER));
  const first = (page - 1) * QUESTIONS_PER_PAGE + 1;
  const summary = summaryOf(dataset);
  const base = `/datasets/${dataset.id}`;
  const filtered = Object.keys(filter).length > 0;
  const version = versionText(dataset.versionLabel, dataset.hashVersion);

  return (
    <>
      <nav aria-label={t("breadcrumb")} className="mb-2 text-sm">
        <Link href="/datasets" className="text-primary underline underline-offset-2">
          {t("datasets")}
        </Link>
      </nav>
      <PageHeader
        title={dataset.name}
        description={t("description", {
          benchmark: benchmarkLabel(dataset.benchmark),
          hasVersion: version === "—" ? "no" : "yes",
          version,
          file: dataset.sourceFileName,
          date: formatDateTime(dataset.createdAt),
          owner: dataset.owner?.name ?? "",
          byOwner: dataset.owner ? "yes" : "no",
        })}
        actions={manages && <DeleteDataset datasetId={dataset.id} name={dataset.name} />}
      />
      <div className="space-y-10">
        <section aria-labelledby="summary-heading" className="space-y-3">
          <h2 id="summary-heading" className="text-lg font-semibold">
            {t("summary")}
          </h2>
          <SummaryTables summary={summary} />
          <p className="text-sm text-muted">
            {models.length ? t("models", { models: models.join(", ") }) : t("noModels")}
          </p>
        </section>

        {can(user, "datasets.export", dataset) && (
          <section aria-labelledby="export-heading" className="space-y-3">
            <h2 id="export-heading" className="text-lg font-semibold">
              {t("export")}
            </h2>
            <ExportLinks datasetId={dataset.id} filter={filter} />
          </section>
        )}

        {sharing && (
          <SharePanel
            datasetId={dataset.id}
            initial={{ sharedWithAll: sharing.sharedWithAll, shares: sharing.shares.map((s) => ({ ...s, sharedAt: s.sharedAt.toISOString() })) }}
          />
        )}

        {manages && <TagUpload datasetId={dataset.id} />}

        <section aria-labelledby="questions-heading" className="space-y-4">
          <h2 id="questions-heading" className="text-lg font-semibold">
            {t("questions")}
          </h2>
          <TagFilterForm action={base} tags={tags} filter={filter} mainTag={summary.mainTag} />
          <p role="status" className="text-sm">
            {total === 0
              ? t("noMatch")
              : t("range", { first, last: first + rows.length - 1, total, filtered: filtered ? "yes" : "no", filter: filtered ? describeFilter(filter) : "" })}
          </p>
          <ol className="space-y-3">
            {rows.map((q) => (
              <li key={q.id}>
                <QuestionCard question={q} datasetId={dataset.id} contextLink />
              </li>
            ))}
          </ol>
          <QuestionPagination basePath={base} filter={filter} page={page} pages={pages} />
        </section>
      </div>
    </>
  );
}
