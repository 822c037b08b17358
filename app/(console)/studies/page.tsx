import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";

export const metadata = { title: "Studies" };

export default async function StudiesPage() {
  await requirePage("studies.read");
  return <PageHeader title="Studies" description="Validation and human-baseline studies." />;
}
