import { DatasetsTable } from "@/components/datasets/datasets-table";
import { sharedWithText } from "@/components/datasets/access";
import { benchmarkLabel, benchmarkOptions, datasetRows } from "@/components/datasets/page-data";
import { UploadPanel } from "@/components/datasets/upload-panel";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";
import { roleAllows } from "@/lib/auth/permissions";
import { env } from "@/lib/env";

export const metadata = { title: "Datasets" };

type Props = { searchParams: Promise<{ deleted?: string | string[] }> };

export default async function DatasetsPage({ searchParams }: Props) {
  const user = await requirePage("datasets.read");
  const [rows, query] = await Promise.all([datasetRows(user), searchParams]);
  const deleted = typeof query.deleted === "string" ? query.deleted : undefined;
  return (
    <>
      <PageHeader title="Datasets" description="Imported benchmark files, their contexts and questions." />
      <div className="space-y-10">
        {deleted && <Alert tone="success">Deleted the dataset “{deleted}”.</Alert>}
        {roleAllows(user, "datasets.import") && (
          <section aria-labelledby="import-heading" className="rounded-card border border-line bg-surface p-4 sm:p-6">
            <h2 id="import-heading" className="mb-4 text-lg font-semibold">
              Import a dataset
            </h2>
            <UploadPanel maxBytes={env().UPLOAD_MAX_BYTES} benchmarks={benchmarkOptions()} />
          </section>
        )}
        <section aria-labelledby="list-heading" className="space-y-3">
          <h2 id="list-heading" className="text-lg font-semibold">
            All datasets
          </h2>
          <p className="text-sm text-muted">
            {user.role === "admin"
              ? "Every dataset, including command-line imports without an owner."
              : "The datasets you imported and those shared with you. An owner shares a dataset from its page."}
          </p>
          <DatasetsTable
            rows={rows.map((d) => ({
              ...d,
              benchmarkLabel: benchmarkLabel(d.benchmark),
              ownerName: d.owner?.name ?? null,
              sharedWith: sharedWithText(user, { ownerId: d.ownerId, sharedWithAll: d.sharedWithAll, shareCount: d._count.shares }),
            }))}
          />
        </section>
      </div>
    </>
  );
}
