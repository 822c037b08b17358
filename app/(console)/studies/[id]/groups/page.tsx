import { getTranslations } from "next-intl/server";
import { GroupFillTable } from "@/components/studies/group-fill-table";
import { studyForPage } from "@/components/studies/page-data";
import { UnservedParticipants } from "@/components/studies/unserved-participants";
import { readGroupFill } from "@/lib/studies/group-fill";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const [{ study }, t] = await Promise.all([studyForPage((await params).id), getTranslations("console.studies.groups")]);
  return { title: t("title", { name: study.name }) };
}

export default async function StudyGroupsPage({ params }: Props) {
  const { study } = await studyForPage((await params).id);
  const [fill, t] = await Promise.all([readGroupFill(study), getTranslations("console.studies.groups")]);
  return (
    <section aria-labelledby="groups-heading" className="space-y-6">
      <h2 id="groups-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {!fill ? (
        <p className="rounded-card border border-line bg-surface p-4 text-muted">{t("none")}</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {t("perUnit", { groups: Object.entries(study.settings.groups?.perUnit ?? {}).map(([g, n]) => `${g} ${n}`).join(", ") })}
            {study.state !== "open" && t("notOpen")}
          </p>
          <GroupFillTable groups={fill.groups} />
          <UnservedParticipants fill={fill} />
        </>
      )}
    </section>
  );
}
