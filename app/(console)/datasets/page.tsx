import { DatasetsTable } from "@/components/datasets/datasets-table";
import { sharedWithText } from "@/components/datasets/access";
import { benchmarkLabel, benchmarkOptions, datasetRows } from "@/components/datasets/page-data";
import { UploadPanel } from "@/components/datasets/upload-panel";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";
import { roleAllows } from "@/lib/auth/permissions";
import { env } from "@/lib/env";
import { getTranslations } from "next-intl/server";

export async function generateMetadata() {
  const t = await getTranslations("console.datasets.list");
  return { title: t("title") };
}

type Props = { searchParams: Promise<{ deleted?: string | string[] }> };

export default async function DatasetsPage({ searchParams }: Props) {
  const user = await requirePage("datasets.read");
  const [rows, query, t, sharedWith] = await Promise.all([datasetRows(user), searchParams, getTranslations("console.datasets.list"), getTranslations("console.datasets.sharedWith")]);
  const deleted = typeof query.deleted === "string" ? query.deleted : undefined;
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-10">
        {deleted && <Alert tone="success">{t("deleted", { name: deleted })}</Alert>}
        {roleAllows(user, "datasets.import") && (
          <section aria-labelledby="import-heading" className="rounded-card border border-line bg-surface p-4 sm:p-6">
            <h2 id="import-heading" className="mb-4 text-lg font-semibold">
              {t("importHeading")}
            </h2>
            <UploadPanel maxBytes={env().UPLOAD_MAX_BYTES} benchmarks={benchmarkOptions()} />
          </section>
        )}
        <section aria-labelledby="list-heading" className="space-y-3">
          <h2 id="list-heading" className="text-lg font-semibold">
            {t("allHeading")}
          </h2>
          <p className="text-sm text-muted">
            {user.role === "admin"
              ? t("allHintAdmin")
              : t("allHint")}
          </p>
          <DatasetsTable
            rows={rows.map((d) => ({
              ...d,
              benchmarkLabel: benchmarkLabel(d.benchmark),
              ownerName: d.owner?.name ?? null,
              sharedWith: sharedWithText(user, { ownerId: d.ownerId, sharedWithAll: d.sharedWithAll, shareCount: d._count.shares }, sharedWith),
            }))}
          />
        </section>
      </div>
    </>
  );
}
