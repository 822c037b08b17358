import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";

export const metadata = { title: "My queue" };

export default async function QueuePage() {
  await requirePage("studies.annotate");
  return <PageHeader title="My queue" description="Open studies you can annotate." />;
}
