import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";

export const metadata = { title: "Datasets" };

export default async function DatasetsPage() {
  await requirePage("datasets.read");
  return <PageHeader title="Datasets" description="Imported benchmark files." />;
}
