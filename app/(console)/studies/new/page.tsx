import { StudyForm } from "@/components/studies/study-form";
import { initialFormState } from "@/components/studies/form-model";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";
import { datasetScope } from "@/lib/datasets/access";
import { db } from "@/lib/db/client";
import { datasetModels, datasetTags } from "@/lib/datasets/service";

export const metadata = { title: "New study" };

export default async function NewStudyPage({ searchParams }: { searchParams: Promise<{ dataset?: string | string[] }> }) {
  const user = await requirePage("studies.manage");
  const datasets = await db().dataset.findMany({
    where: datasetScope(user),
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, benchmark: true, versionLabel: true, contextCount: true, questionCount: true },
  });
  const wanted = (await searchParams).dataset;
  const chosen = datasets.find((d) => d.id === wanted);
  const [tags, models] = chosen ? await Promise.all([datasetTags(chosen.id), datasetModels(chosen.id)]) : [{}, []];
  return (
    <>
      <PageHeader title="New study" description="A validation study over a dataset, optionally filtered by tags." />
      <StudyForm mode="create" datasets={datasets} initial={initialFormState(chosen?.id ?? "")} tags={tags} models={models} />
    </>
  );
}
