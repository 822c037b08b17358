import Link from "next/link";
import { DeleteDataset } from "@/components/datasets/delete-dataset";
import { ExportLinks } from "@/components/datasets/export-links";
import { formatCount, formatDateTime, versionText } from "@/components/datasets/format";
import { benchmarkLabel, datasetForPage, questionPage, QUESTIONS_PER_PAGE } from "@/components/datasets/page-data";
import { QuestionCard } from "@/components/datasets/question-card";
import { QuestionPagination } from "@/components/datasets/question-pagination";
import { SharePanel } from "@/components/datasets/share-panel";
import { TagUpload } from "@/components/datasets/tag-upload";
import { summaryOf, SummaryTables } from "@/components/datasets/summary-tables";
import { TagFilterForm } from "@/components/datasets/tag-filter-form";
import { describeFilter, filterFromSearch, knownFilter, pageFromSearch, type SearchParams } from "@/components/datasets/tag-filter";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { datasetModels, datasetTags, sharingOf } from "@/lib/datasets/service";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props) {
  const { dataset } = await datasetForPage((await params).id);
  return { title: `${dataset.name} · Datasets` };
}

export default async function DatasetPage({ params, searchParams }: Props) {
  const { user, dataset } = await datasetForPage((await params).id);
  const manages = can(user, "datasets.manage", dataset);
  const [tags, models, search, sharing] = await Promise.all([
    datasetTags(dataset.id),
    datasetModels(dataset.id),
    searchParams,
    manages ? sharingOf(dataset) : null,
  ]);
  const filter = knownFilter(filterFromSearch(search), tags);
  const { rows, total, page, pages } = await questionPage(user, dataset.id, filter, pageFromSearch(search.page, Number.MAX_SAFE_INTEGER));
  const first = (page - 1) * QUESTIONS_PER_PAGE + 1;
  const summary = summaryOf(dataset);
  const base = `/datasets/${dataset.id}`;
  const filtered = Object.keys(filter).length > 0;
  const version = versionText(dataset.versionLabel, dataset.hashVersion);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/datasets" className="text-primary underline underline-offset-2">
          Datasets
        </Link>
      </nav>
      <PageHeader
        title={dataset.name}
        description={`${benchmarkLabel(dataset.benchmark)}${version === "—" ? "" : ` · version ${version}`} · ${dataset.sourceFileName} · imported ${formatDateTime(dataset.createdAt)}${dataset.owner ? ` by ${dataset.owner.name}` : " with the command line"}`}
        actions={manages && <DeleteDataset datasetId={dataset.id} name={dataset.name} />}
      />
      <div className="space-y-10">
        <section aria-labelledby="summary-heading" className="space-y-3">
          <h2 id="summary-heading" className="text-lg font-semibold">
            Summary
          </h2>
          <SummaryTables summary={summary} />
          <p className="text-sm text-muted">
            {models.length ? `Model predictions from ${models.join(", ")}.` : "No model predictions imported."}
          </p>
        </section>

        {can(user, "datasets.export", dataset) && (
          <section aria-labelledby="export-heading" className="space-y-3">
            <h2 id="export-heading" className="text-lg font-semibold">
              Export
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
            Questions
          </h2>
          <TagFilterForm action={base} tags={tags} filter={filter} mainTag={summary.mainTag} />
          <p role="status" className="text-sm">
            {total === 0
              ? "No questions match these filters."
              : `Questions ${formatCount(first)}–${formatCount(first + rows.length - 1)} of ${formatCount(total)}${filtered ? ` where ${describeFilter(filter)}` : ""}.`}
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
