import { getTranslations } from "next-intl/server";
import { datasetChoices, NO_CHOICES, studyOptions } from "@/components/studies/form-data";
import { settingsOf, studyForPage } from "@/components/studies/page-data";
import { LockedSettingsSummary, SettingsSummary } from "@/components/studies/settings-summary";
import { SpecView } from "@/components/studies/spec-view";
import { StudyForm } from "@/components/studies/study-form";
import { Alert } from "@/components/ui/alert";
import { db } from "@/lib/db/client";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const [{ study }, t] = await Promise.all([studyForPage((await params).id), getTranslations("console.studies.settings")]);
  return { title: t("title", { name: study.name }) };
}

export default async function StudySettingsPage({ params }: Props) {
  const [{ study, canManage, datasetName, user }, t] = await Promise.all([studyForPage((await params).id), getTranslations("console.studies.settings")]);
  const settings = settingsOf(study);
  const heading = (
    <h2 id="settings-heading" className="text-lg font-semibold">
      {t("heading")}
    </h2>
  );
  const spec = <SpecView studyId={study.id} study={settings} />;
  if (!canManage || study.state === "closed") {
    return (
      <section aria-labelledby="settings-heading" className="space-y-4">
        {heading}
        <Alert tone="info">{study.state === "closed" ? t("closed") : t("notYours")}</Alert>
        <div className="rounded-card border border-line bg-surface p-4 sm:p-6">
          <SettingsSummary settings={settings} datasetName={datasetName} />
        </div>
        {spec}
      </section>
    );
  }
  // the server decides what is locked: answers exist, so what participants were asked stays as it was
  const locked = (await db().response.count({ where: { studyId: study.id }, take: 1 })) > 0;
  const dataset = await db().dataset.findUnique({ where: { id: study.datasetId }, select: { id: true, sourceRecords: true, contextCount: true, questionCount: true, summary: true } });
  const [choices, studies] = await Promise.all([dataset ? datasetChoices(dataset) : NO_CHOICES, studyOptions(user, study.id)]);
  return (
    <section aria-labelledby="settings-heading" className="space-y-4">
      {heading}
      {spec}
      <StudyForm
        mode="edit"
        nested
        studyId={study.id}
        datasetName={datasetName}
        stored={settings}
        choices={choices}
        studies={studies}
        locked={locked}
        lockedSummary={<LockedSettingsSummary settings={settings} />}
      />
    </section>
  );
}
