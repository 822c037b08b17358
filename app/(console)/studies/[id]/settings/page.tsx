import { formStateFromStudy } from "@/components/studies/form-model";
import { settingsOf, studyForPage } from "@/components/studies/page-data";
import { LockedSettingsSummary, SettingsSummary } from "@/components/studies/settings-summary";
import { StudyForm } from "@/components/studies/study-form";
import { Alert } from "@/components/ui/alert";
import { db } from "@/lib/db/client";
import { datasetModels, datasetTags } from "@/lib/datasets/service";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const { study } = await studyForPage((await params).id);
  return { title: `Settings · ${study.name}` };
}

export default async function StudySettingsPage({ params }: Props) {
  const { study, canManage, datasetName } = await studyForPage((await params).id);
  const settings = settingsOf(study);
  const heading = (
    <h2 id="settings-heading" className="text-lg font-semibold">
      Settings
    </h2>
  );
  if (!canManage || study.state === "closed") {
    return (
      <section aria-labelledby="settings-heading" className="space-y-4">
        {heading}
        <Alert tone="info">{study.state === "closed" ? "A closed study cannot change." : "Only the study's owner or an admin can change it."}</Alert>
        <div className="rounded-card border border-line bg-surface p-4 sm:p-6">
          <SettingsSummary settings={settings} datasetName={datasetName} />
        </div>
      </section>
    );
  }
  const locked = (await db().response.count({ where: { studyId: study.id }, take: 1 })) > 0;
  const [tags, models] = locked ? [{}, []] : await Promise.all([datasetTags(study.datasetId), datasetModels(study.datasetId)]);
  return (
    <section aria-labelledby="settings-heading" className="space-y-4">
      {heading}
      {locked && (
        <Alert tone="warning">
          Responses exist, so the unit, annotators per unit, tag filter, checks and decision rule are locked: settings that change what was asked are locked once
          the first response exists. The name, limits, lease, instructions and entry settings can still change.
        </Alert>
      )}
      <StudyForm
        mode="edit"
        nested
        studyId={study.id}
        datasetName={datasetName}
        initial={formStateFromStudy(settings)}
        tags={tags}
        models={models}
        locked={locked}
        lockedSummary={<LockedSettingsSummary settings={settings} />}
      />
    </section>
  );
}
