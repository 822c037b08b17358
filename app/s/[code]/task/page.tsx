import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { Markdown } from "@/components/markdown";
import { pathOf } from "@/components/task/outcomes";
import { TaskRunner } from "@/components/task/task-runner";
import { db } from "@/lib/db/client";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";

export const dynamic = "force-dynamic";
export const metadata = { title: "Task" };

export default async function TaskPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const study = await db().study.findUnique({ where: { publicCode: code }, select: { id: true, name: true, instructions: true, state: true } });
  if (!study) redirect(pathOf(code, { to: "unavailable", reason: "unknown" }));
  if (study.state !== "open") redirect(pathOf(code, { to: "unavailable", reason: study.state }));
  const participantId = decodeParticipantToken((await cookies()).get(participantCookieName(code))?.value);
  const participant = participantId
    ? await db().participant.findFirst({ where: { id: participantId, studyId: study.id }, select: { consentedAt: true } })
    : null;
  if (!participant) redirect(pathOf(code, { to: "link" }));
  if (!participant.consentedAt) redirect(pathOf(code, { to: "consent" }));

  return (
    <TaskRunner
      code={code}
      studyName={study.name}
      instructions={study.instructions.trim() ? <Markdown source={study.instructions} headingLevel={2} /> : undefined}
    />
  );
}
