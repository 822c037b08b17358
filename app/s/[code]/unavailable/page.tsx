import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { pathOf } from "@/components/task/outcomes";
import { buttonClass } from "@/components/ui/button";
import { db } from "@/lib/db/client";
import { isUnavailableReason, type UnavailableReason } from "@/lib/participants/paths";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";

export const dynamic = "force-dynamic";

// Each reason's title and text are in the "unavailable" namespace of the catalogs; "limit_reached"
// reads as "none_left" (the participant may not tell the two apart).
type Shown = Exclude<UnavailableReason, "limit_reached">;

/** what the participant can do next */
const ACTIONS: Partial<Record<Shown, { label: "tryAgain" | "signIn"; href: (code: string) => string }>> = {
  draft: { label: "tryAgain", href: (code) => pathOf(code, { to: "link" }) },
  paused: { label: "tryAgain", href: (code) => pathOf(code, { to: "link" }) },
  needs_account: { label: "signIn", href: () => "/signin" },
};

function shownReason(reason: string): Shown {
  if (!isUnavailableReason(reason)) return "unknown";
  return reason === "limit_reached" ? "none_left" : reason;
}

export async function generateMetadata() {
  return { title: (await getTranslations("unavailable"))("pageTitle") };
}

export default async function UnavailablePage({
  params,
  searchParams,
}: {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { code } = await params;
  const raw = (await searchParams).reason;
  const reason = typeof raw === "string" ? raw : "unknown";

  // A participant who already submitted something has finished, not been turned away: their code
  // is on the done page, also when the study closed while they worked.
  if (reason === "none_left" || reason === "limit_reached" || reason === "closed") {
    const participantId = decodeParticipantToken((await cookies()).get(participantCookieName(code))?.value);
    const submitted = participantId
      ? await db().assignment.count({ where: { participantId, status: "submitted", study: { publicCode: code } } })
      : 0;
    if (submitted > 0) redirect(pathOf(code, { to: "done" }));
  }

  const shown = shownReason(reason);
  const action = ACTIONS[shown];
  const t = await getTranslations("unavailable");
  return (
    <div className="mx-auto max-w-2xl">
      <div className="rounded-card border border-line bg-surface p-6 sm:p-8">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t(`${shown}.title`)}</h1>
        <p className="mt-3 text-lg leading-8">{t(`${shown}.text`)}</p>
        {action && (
          // a plain link: the study link is a route handler, not a page
          <a href={action.href(code)} className={buttonClass("primary", "mt-6 text-base")}>
            {t(action.label)}
          </a>
        )}
      </div>
    </div>
  );
}
