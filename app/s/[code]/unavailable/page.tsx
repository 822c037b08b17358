import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { pathOf } from "@/components/task/outcomes";
import { buttonClass } from "@/components/ui/button";
import { db } from "@/lib/db/client";
import { decodeParticipantToken, participantCookieName } from "@/lib/participants/token";

export const dynamic = "force-dynamic";
export const metadata = { title: "Study unavailable" };

interface Message {
  title: string;
  text: string;
  /** what the participant can do next */
  action?: { label: string; href: (code: string) => string };
}

const tryAgain = { label: "Try again", href: (code: string) => pathOf(code, { to: "link" }) };

const MESSAGES: Record<string, Message> = {
  unknown: { title: "We could not find this study", text: "There is no study at this link. Check that you copied the whole link, or ask the researchers for a new one." },
  draft: { title: "This study has not started yet", text: "The researchers have not opened this study yet. Please come back later.", action: tryAgain },
  paused: {
    title: "This study is paused",
    text: "The researchers have paused this study for a moment. Anything you already answered is kept. Please try again a little later.",
    action: tryAgain,
  },
  closed: { title: "This study has closed", text: "This study is no longer taking part. Thank you for your interest. Anything you already submitted is saved." },
  needs_platform: {
    title: "Please open this study from your study platform",
    text: "This study is run through a recruiting platform (such as Prolific or MTurk). Open it from the link on that platform, so that your work can be credited to you.",
  },
  needs_account: {
    title: "Sign in to take part",
    text: "This study is for registered annotators. Sign in to Sally, then open the study link again.",
    action: { label: "Sign in", href: () => "/signin" },
  },
  preview: { title: "This is a preview", text: "Accept the task on the platform first; the study starts once you have accepted it." },
  bad_link: { title: "This link is not valid", text: "Part of the link looks wrong. Check that you copied the whole link, or ask the researchers for a new one." },
  not_eligible: { title: "This study is not open to you", text: "The researchers set conditions for taking part that this visit does not meet. Thank you for your interest." },
  screened_out: { title: "Thank you for your answers", text: "From your answers, this study is not a good fit for you. Thank you for your time." },
  failed_qualification: {
    title: "Thank you for trying",
    text: "Your answers to the practice questions did not reach the level this study needs, so it cannot continue. Thank you for your time.",
  },
  failed_attention: { title: "This study has ended for you", text: "Some of the attention checks were missed, so this study cannot continue. Thank you for your time." },
  excluded: { title: "This study has ended for you", text: "The researchers have ended your part in this study. Thank you for your time." },
  returned: { title: "You have stopped", text: "You stopped this study, so there are no more units for you. Thank you for your time." },
  none_left: {
    title: "No more work",
    text: "There is nothing left for you to do in this study right now: every unit already has enough answers. Thank you for your interest.",
  },
};

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

  // A participant who already submitted something has finished, not been turned away.
  if (reason === "none_left" || reason === "limit_reached") {
    const participantId = decodeParticipantToken((await cookies()).get(participantCookieName(code))?.value);
    const submitted = participantId
      ? await db().assignment.count({ where: { participantId, status: "submitted", study: { publicCode: code } } })
      : 0;
    if (submitted > 0) redirect(pathOf(code, { to: "done" }));
  }

  const message = MESSAGES[reason === "limit_reached" ? "none_left" : reason] ?? MESSAGES.unknown!;
  return (
    <div className="mx-auto max-w-2xl">
      <div className="rounded-card border border-line bg-surface p-6 sm:p-8">
        <h1 className="text-2xl font-semibold sm:text-3xl">{message.title}</h1>
        <p className="mt-3 text-lg leading-8">{message.text}</p>
        {message.action && (
          // a plain link: the study link is a route handler, not a page
          <a href={message.action.href(code)} className={buttonClass("primary", "mt-6 text-base")}>
            {message.action.label}
          </a>
        )}
      </div>
    </div>
  );
}
