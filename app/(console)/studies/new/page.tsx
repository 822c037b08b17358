import { getTranslations } from "next-intl/server";
import { StudyForm } from "@/components/studies/study-form";
import { datasetChoices, NO_CHOICES, studyOptions } from "@/components/studies/form-data";
import { settingsOf } from "@/components/studies/page-data";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guards";
import type { Actor } from "@/lib/auth/permissions";
import { datasetScope } from "@/lib/datasets/access";
import { db } from "@/lib/db/client";
import { getStudyFor } from "@/lib/studies/service";

export async function generateMetadata() {
  const t = await getTranslations("console.studies.new");
  return { title: t("title") };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** "New study from this spec": a study of the researcher's own, or nothing. */
async function sourceStudy(user: Actor, id: string | undefined) {
  if (!id || !UUID.test(id)) return null;
  const study = await getStudyFor(user, id).catch(() => null);
  return study ? { studyId: study.id, study: settingsOf(study) } : null;
}

type Props = { searchParams: Promise<{ dataset?: string | string[]; from?: string | string[] }> };

export default async function NewStudyPage({ searchParams }: Props) {
  const user = await requirePage("studies.manage");
  const search = await searchParams;
  const datasets = await db().dataset.findMany({
    where: datasetScope(user),
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, benchmark: true, versionLabel: true, sourceRecords: true, contextCount: true, questionCount: true, summary: true },
  });
  const chosen = datasets.find((d) => d.id === one(search.dataset));
  const [t, choices, studies, from] = await Promise.all([getTranslations("console.studies.new"), chosen ? datasetChoices(chosen) : NO_CHOICES, studyOptions(user), sourceStudy(user, one(search.from))]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={from ? t("fromSpec", { name: from.study.name }) : t("description")}
      />
      <StudyForm
        mode="create"
        datasets={datasets.map((d) => ({ id: d.id, name: d.name, benchmark: d.benchmark, versionLabel: d.versionLabel, contextCount: d.contextCount, questionCount: d.questionCount }))}
        datasetId={chosen?.id ?? ""}
        from={from ?? undefined}
        choices={choices}
        studies={studies}
      />
    </>
  );
}
