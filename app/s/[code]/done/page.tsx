import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { CompletionPanel } from "@/components/task/completion-panel";
import { buttonClass } from "@/components/ui/button";
import { outcomeCode } from "@/lib/participants/outcomes";
import { pathOf } from "@/components/task/outcomes";
import { ReturnGuidance } from "@/components/task/return-guidance";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { mturkSubmitUrl } from "@/lib/participants/preview";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";
import { readStudy } from "@/lib/studies/study";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("done"))("pageTitle") };
}

export default async function DonePage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const study = await readStudy(pool(), { code });
  if (!study) redirect(pathOf(code, { to: "unavailable", reason: "unknown" }));
  const t = await getTranslations("done");
  const participantId = decodeParticipantToken((await cookies()).get(participantCookieName(code))?.value);
  const participant = participantId
    ? await db().participant.findFirst({ where: { id: participantId, studyId: study.id }, select: { status: true, externalSource: true, externalMeta: true } })
    : null;
  const submitted = participant ? await db().assignment.count({ where: { participantId: participantId!, studyId: study.id, status: "submitted" } }) : 0;
  const platform = study.entryMode === "prolific" || study.entryMode === "mturk" ? study.entryMode : null;

  // Stopped before finishing: no code, and what to do on the platform instead.
  if (participant?.status === "returned") {
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-3xl font-semibold">{t("stoppedHeading")}</h1>
        <ReturnGuidance platform={platform} submitted={submitted} />
      </div>
    );
  }
  // The code is earned: only a participant of this study with at least one submitted unit sees it.
  if (submitted === 0) redirect(pathOf(code, { to: "task" }));
  const { completionCode, redirectUrl } = outcomeCode(study, "completed");
  // an MTurk ExternalQuestion HIT is handed in by posting its assignment back to MTurk
  const mturk = study.entryMode === "mturk" && participant ? mturkSubmitUrl((participant.externalMeta ?? {}) as Record<string, unknown>) : null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-3xl font-semibold">{t("thanks")}</h1>
        <p className="mt-2 text-lg">{t("finished", { study: study.name, count: submitted })}</p>
        {study.state === "closed" && <p className="mt-2 text-lg">{t("closedNote")}</p>}
      </div>
      <CompletionPanel code={completionCode ?? study.completionCode} redirectUrl={redirectUrl} />
      {mturk && (
        <form method="post" action={mturk.action} className="space-y-3 rounded-card border border-line bg-surface p-6">
          <p className="text-lg">{t("mturkNote")}</p>
          <input type="hidden" name="assignmentId" value={mturk.assignmentId} />
          <input type="hidden" name="completionCode" value={completionCode ?? study.completionCode} />
          <button type="submit" className={buttonClass("primary", "min-h-12 px-6 text-base")}>
            {t("mturkSubmit")}
          </button>
        </form>
      )}
    </div>
  );
}
