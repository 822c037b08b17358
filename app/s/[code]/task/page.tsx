import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { Markdown } from "@/components/markdown";
import { TaskRunner } from "@/components/task/task-runner";
import { pool } from "@/lib/db/pool";
import { pathOf } from "@/lib/participants/paths";
import { participantPage } from "@/lib/participants/page-guard";
import { readStudy } from "@/lib/studies/study";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("task"))("pageTitle") };
}

export default async function TaskPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const { participant } = await participantPage(code);
  if (!participant.consentedAt) redirect(pathOf(code, { to: "consent" }));
  const study = await readStudy(pool(), { code });
  if (!study) redirect(pathOf(code, { to: "unavailable", reason: "unknown" }));

  return (
    <TaskRunner
      code={code}
      studyName={study.name}
      platform={study.entryMode === "prolific" || study.entryMode === "mturk" ? study.entryMode : null}
      instructions={study.instructions.trim() ? <Markdown source={study.instructions} headingLevel={2} /> : undefined}
    />
  );
}
