import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { HTML_LANG, type Locale } from "@/lib/i18n/locales";
import "./globals.css";
import { SKIP_LINK_CLASS } from "@/components/participant-frame";

export const metadata: Metadata = {
  title: { default: "Sally", template: "%s · Sally" },
  description: "Human annotation and human-baseline studies on Theory-of-Mind benchmarks",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // participant pages speak their study's language (lib/i18n/request.ts); the console English
  const locale = (await getLocale()) as Locale;
  const t = await getTranslations("common");
  return (
    <html lang={HTML_LANG[locale] ?? locale}>
      <body className="min-h-screen">
        <a
          href="#main"
          className={SKIP_LINK_CLASS}
        >
          {t("skipToContent")}
        </a>
        {children}
      </body>
    </html>
  );
}
