import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { taskPageRenderer } from "@/components/task/standalone/load";
import { pool } from "@/lib/db/pool";
import { nonceOf } from "@/lib/http/csp";
import { PARTICIPANT_CLIENT_NAMESPACES, pickNamespaces } from "@/lib/i18n/namespaces";
import type { Locale } from "@/lib/i18n/locales";
import { pathOf } from "@/lib/participants/paths";
import { participantPage } from "@/lib/participants/page-guard";
import { readStudy } from "@/lib/studies/study";

export const dynamic = "force-dynamic";

// The participant's task page. A route, not a page: the page is rendered by a module of its own
// and hydrated by one script of ours, without Next.js's client runtime, so that a participant's
// phone loads about 100 KB of JavaScript instead of 170 (docs/participant-api.md, "The task page").
// The guard and redirects are the other participant pages'; the markup is the root layout's and
// app/s/[code]/layout.tsx's (components/task/standalone/server.tsx).
export async function GET(req: NextRequest, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const { participant } = await participantPage(code);
  if (!participant.consentedAt) redirect(pathOf(code, { to: "consent" }));
  const study = await readStudy(pool(), { code });
  if (!study) redirect(pathOf(code, { to: "unavailable", reason: "unknown" }));

  const [locale, messages, t, tTask, renderer] = await Promise.all([getLocale(), getMessages(), getTranslations("common"), getTranslations("task"), taskPageRenderer()]);
  const html = renderer.renderTaskPage({
    data: {
      locale: locale as Locale,
      messages: pickNamespaces(messages, PARTICIPANT_CLIENT_NAMESPACES),
      code,
      studyName: study.name,
      platform: study.entryMode === "prolific" || study.entryMode === "mturk" ? study.entryMode : null,
      allowLanguageSwitch: study.settings.allowLanguageSwitch,
    },
    instructions: study.instructions,
    // the root layout's title template and description
    title: `${tTask("pageTitle")} · Sally`,
    description: "Human annotation and human-baseline studies on Theory-of-Mind benchmarks",
    skipToContent: t("skipToContent"),
    accessibility: t("accessibility"),
    nonce: nonceOf(req.headers.get("content-security-policy")) ?? "",
  });
  // as Next.js answers a dynamic page: never stored, the participant's own
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate" } });
}
