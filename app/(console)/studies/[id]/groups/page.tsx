import { GroupFillTable } from "@/components/studies/group-fill-table";
import { studyForPage } from "@/components/studies/page-data";
import { UnservedParticipants } from "@/components/studies/unserved-participants";
import { pool } from "@/lib/db/pool";
import { groupFill } from "@/lib/studies/group-fill";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  const { study } = await studyForPage((await params).id);
  return { title: `Groups · ${study.name}` };
}

export default async function StudyGroupsPage({ params }: Props) {
  const { study } = await studyForPage((await params).id);
  const fill = await groupFill(pool(), study);
  return (
    <section aria-labelledby="groups-heading" className="space-y-6">
      <h2 id="groups-heading" className="text-lg font-semibold">
        Groups
      </h2>
      {!fill ? (
        <p className="rounded-card border border-line bg-surface p-4 text-muted">This study has no groups: every participant may answer every unit.</p>
      ) : (
        <>
          <p className="text-sm text-muted">
            Answers each unit takes per group: {Object.entries(study.settings.groups?.perUnit ?? {}).map(([g, n]) => `${g} ${n}`).join(", ")}.
            {study.state !== "open" && " The study is not open, so nobody is waiting to be served."}
          </p>
          <GroupFillTable groups={fill.groups} />
          <UnservedParticipants fill={fill} />
        </>
      )}
    </section>
  );
}
