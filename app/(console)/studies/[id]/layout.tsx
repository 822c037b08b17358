import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { StateBadge } from "@/components/studies/state-badge";
import { StudyActions } from "@/components/studies/study-actions";
import { StudyTabs } from "@/components/studies/study-tabs";
import { studyForPage } from "@/components/studies/page-data";
import { descriptorOf } from "@/lib/designs/client";

export default async function StudyLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [{ study, canManage, datasetName }, t] = await Promise.all([studyForPage(id), getTranslations("console.studies.header")]);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/studies" className="text-primary underline-offset-2 hover:underline">
          {t("back")}
        </Link>
      </p>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold break-words">{study.name}</h1>
            <StateBadge state={study.state} />
          </div>
          <p className="mt-1 text-muted">
            {t("over", { design: descriptorOf(study.design)?.label ?? study.design, dataset: datasetName })}
          </p>
        </div>
        {canManage && <StudyActions studyId={study.id} state={study.state} />}
      </div>
      <StudyTabs studyId={study.id} groups={study.settings.groups !== null} />
      {children}
    </>
  );
}
