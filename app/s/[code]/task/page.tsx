import { redirect } from "next/navigation";
import { Markdown } from "@/components/markdown";
import { pathOf } from "@/lib/participants/paths";
import { TaskRunner } from "@/components/task/task-runner";
import { participantPage } from "@/lib/participants/page-guard";

export const dynamic = "force-dynamic";
export const metadata = { title: "Task" };

export default async function TaskPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const { study, participant } = await participantPage(code);
  if (!participant.consentedAt) redirect(pathOf(code, { to: "consent" }));

  return (
    <TaskRunner
      code={code}
      studyName={study.name}
      instructions={study.instructions.trim() ? <Markdown source={study.instructions} headingLevel={2} /> : undefined}
    />
  );
}
