import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/task/language-switcher";
import { pool } from "@/lib/db/pool";
import { PARTICIPANT_CLIENT_NAMESPACES, pickNamespaces } from "@/lib/i18n/namespaces";
import { studyByCode } from "@/lib/studies/study";
import { accessibilityHref, FOOTER_CLASS, FOOTER_LINK_CLASS, HEADER_BAR_CLASS, HEADER_CLASS, MAIN_CLASS } from "@/components/participant-frame";

// The participant's pages: calm, no console navigation, wide enough for a transcript beside
// the questions on a large screen. The root layout already has the skip link to #main.
// Client components get the active language's participant namespaces only.
export default async function ParticipantLayout({ children, params }: { children: ReactNode; params: Promise<{ code: string }> }) {
  const { code } = await params;
  const [t, messages, found] = await Promise.all([getTranslations("common"), getMessages(), studyByCode(pool(), code).catch(() => null)]);
  return (
    <NextIntlClientProvider messages={pickNamespaces(messages, PARTICIPANT_CLIENT_NAMESPACES)}>
      <div className="min-h-screen">
        <header className={HEADER_CLASS}>
          <div className={HEADER_BAR_CLASS}>
            <p className="text-base font-semibold">
              {t("siteName")} <span className="font-normal text-muted">· {t("researchStudy")}</span>
            </p>
            {found?.study.settings.allowLanguageSwitch && <LanguageSwitcher code={code} />}
          </div>
        </header>
        <main id="main" className={MAIN_CLASS}>
          {children}
        </main>
        <footer className={FOOTER_CLASS}>
          {/* a plain link: next/link would add its code to every participant page for one footer link */}
          <a href={accessibilityHref(code)} className={FOOTER_LINK_CLASS}>
            {t("accessibility")}
          </a>
        </footer>
      </div>
    </NextIntlClientProvider>
  );
}
