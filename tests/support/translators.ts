import { createTranslator } from "use-intl/core";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";
import { MESSAGE_VALUES } from "@/components/task/translate";

// The catalogs as components use them, for tests of code that names or words messages.

export const catalogs = { en, zh } as const;

/** `t` from the root of a catalog: what a catalog key names, in words (with the task's values). */
export function words(locale: keyof typeof catalogs): (key: string) => string {
  const t = createTranslator({ locale, messages: catalogs[locale] });
  return (key) => (t as unknown as (k: string, v: object) => string)(key, MESSAGE_VALUES);
}

/** `t` for one namespace, as `useTranslations(namespace)` gives it. */
export function translator(locale: keyof typeof catalogs, namespace: string): (key: string, values?: Record<string, string | number>) => string {
  const t = createTranslator({ locale, messages: catalogs[locale] });
  return (key, values) => (t as unknown as (k: string, v?: object) => string)(`${namespace}.${key}`, values);
}
