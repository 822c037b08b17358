// The languages of participant pages are the study's `language` values (lib/designs/settings.ts
// reads them from here); console pages are English. No zod here: the participant bundle loads this
// module (the switcher), and zod alone is about 30 KB gzipped.

export const LOCALES = ["en", "zh"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The participant's own choice, kept per study (the cookie's path is the study's pages). */
export const LANGUAGE_COOKIE = "sally_lang";

/** BCP 47 tags for `<html lang>` and `lang` attributes: the script matters for Chinese fonts and screen readers. */
export const HTML_LANG: Record<Locale, string> = { en: "en", zh: "zh-Hans" };

/** Each language's name in itself, for the switcher. */
export const NATIVE_NAMES: Record<Locale, string> = { en: "English", zh: "简体中文" };

export function cookiePathOf(code: string): string {
  return `/s/${encodeURIComponent(code)}`;
}

/**
 * A participant page's language: the study's, or the participant's own choice when the study
 * lets them switch. Anything unreadable falls back to the study's language.
 */
export function resolveLocale(study: { language: Locale; allowLanguageSwitch: boolean } | null, chosen: string | undefined): Locale {
  if (!study) return DEFAULT_LOCALE;
  if (study.allowLanguageSwitch) {
    if (isLocale(chosen)) return chosen;
  }
  return study.language;
}
