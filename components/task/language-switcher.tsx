"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { cookiePathOf, HTML_LANG, LANGUAGE_COOKIE, LOCALES, NATIVE_NAMES, type Locale } from "@/lib/i18n/locales";

const YEAR_SECONDS = 60 * 60 * 24 * 365;

// The participant's own language, when the study allows it: a labelled native select (keyboard
// operable as it is). The choice is a cookie on this study's pages, so it survives reloads and
// needs no request of its own; the server renders the page again in the new language.
export function LanguageSwitcher({ code }: { code: string }) {
  const t = useTranslations("switcher");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();

  function choose(next: Locale) {
    document.cookie = `${LANGUAGE_COOKIE}=${next}; path=${cookiePathOf(code)}; max-age=${YEAR_SECONDS}; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t("label")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(e) => choose(e.target.value as Locale)}
        className="min-h-11 rounded-control border border-line bg-surface px-2 text-base"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={HTML_LANG[l]}>
            {NATIVE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
