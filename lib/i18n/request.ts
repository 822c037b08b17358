import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { pool } from "@/lib/db/pool";
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locales";
import { STUDY_HEADER } from "@/lib/i18n/study-header";
import { studyByCode } from "@/lib/studies/study";

// next-intl's per-request configuration, without locale prefixes in URLs (participant links are
// pasted into Prolific and MTurk as they are). proxy.ts names the study of a participant page;
// its language decides, else English (the console).

async function localeOfRequest(): Promise<Locale> {
  const code = (await headers()).get(STUDY_HEADER);
  if (!code) return DEFAULT_LOCALE;
  const found = await studyByCode(pool(), code).catch(() => null);
  const chosen = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  return resolveLocale(found?.study.settings ?? null, chosen);
}

export default getRequestConfig(async () => {
  const locale = await localeOfRequest();
  // only the active language's catalog is loaded
  const messages = (await import(`./messages/${locale}.json`)).default as Record<string, unknown>;
  return { locale, messages, timeZone: "UTC" };
});
