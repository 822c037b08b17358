import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { CompletionPanel } from "@/components/task/completion-panel";
import { completionUrl } from "@/lib/participants/completion-url";
import { pathOf } from "@/components/task/outcomes";
import { db } from "@/lib/db/client";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";

export const dynamic = "force-dynamic";
export const metadata = { title: "Thank you" };

export default async function DonePage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const study = await db().study.findUnique({
    where: { publicCode: code },
    select: { id: true, name: true, completionCode: true, completionUrl: true },
  });
  if (!study) redirect(pathOf(code, { to: "unavailable", reason: "unknown" }));
  const participantId = decodeParticipantToken((await cookies()).get(participantCookieName(code))?.value);
  // The code is earned: only a participant of this study with at least one submitted unit sees it.
  const submitted = participantId
    ? await db().assignment.count({ where: { participantId, studyId: study.id, status: "submitted" } })
    : 0;
  if (submitted === 0) redirect(pathOf(code, { to: "task" }));

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">Thank you!</h1>
        <p className="mt-2 text-lg">
          You have finished {study.name}. You completed {submitted} unit{submitted === 1 ? "" : "s"}.
        </p>
      </div>
      <CompletionPanel code={study.completionCode} redirectUrl={completionUrl(study.completionUrl, study.completionCode)} />
    </div>
  );
}
