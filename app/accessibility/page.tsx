import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { z } from "zod";
import { AUDITED_PAGES } from "@/lib/a11y/audited-pages";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { readStudy } from "@/lib/studies/study";

export const dynamic = "force-dynamic";
export async function generateMetadata() {
  return { title: (await getTranslations("accessibility"))("title") };
}

const query = z.object({ study: z.string().trim().min(1).max(100).optional().catch(undefined) });

/** Whom to write to: the study's own contact (from a participant page), else the operator's. */
async function contactFor(code: string | undefined): Promise<string | null> {
  if (code) {
    const study = await readStudy(pool(), { code }).catch(() => null);
    const contact = study?.settings.consent.contact.trim();
    if (contact) return contact;
  }
  return env().ACCESSIBILITY_CONTACT ?? null;
}

// The accessibility statement. Public: participants have no account. It claims only what the
// test suite checks (lib/a11y/audited-pages.ts is the list the spec walks).
export default async function AccessibilityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { study } = query.parse(await searchParams);
  const contact = await contactFor(study);
  const [t, locale] = await Promise.all([getTranslations("accessibility"), getLocale()]);
  // the audited pages' names and states are the test suite's own words, in English
  const listLang = locale === "en" ? undefined : "en";
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 text-base leading-relaxed">
      <h1 className="text-3xl font-semibold">{t("title")}</h1>
      <p>{t.rich("aim", { strong: (c) => <strong>{c}</strong> })}</p>

      <section aria-labelledby="tested" className="space-y-3">
        <h2 id="tested" className="text-xl font-semibold">
          {t("testedHeading")}
        </h2>
        <p>{t("testedIntro")}</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t("axe")}</li>
          <li>{t("keyboard")}</li>
          <li>{t("focus")}</li>
          <li>{t("targets")}</li>
          <li>{t.rich("time", { em: (c) => <em>{c}</em> })}</li>
        </ul>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="mb-2 text-left text-base font-medium">{t("pagesCaption")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4">
                {t("pageColumn")}
              </th>
              <th scope="col" className="py-2">
                {t("statesColumn")}
              </th>
            </tr>
          </thead>
          <tbody lang={listLang}>
            {AUDITED_PAGES.map((p) => (
              <tr key={p.file} className="border-b border-line align-top">
                <td className="py-2 pr-4 font-mono">{p.path}</td>
                <td className="py-2">{p.states.join("; ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="limits" className="space-y-3">
        <h2 id="limits" className="text-xl font-semibold">
          {t("limitsHeading")}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t("screenReaders")}</li>
          <li>{t("audits")}</li>
          <li>{t("content")}</li>
          <li>{t("shortTime")}</li>
        </ul>
      </section>

      <section aria-labelledby="contact" className="space-y-3">
        <h2 id="contact" className="text-xl font-semibold">
          {t("contactHeading")}
        </h2>
        <p>{contact ? t.rich("contact", { contact, c: (c) => <span className="break-words font-medium">{c}</span> }) : t("noContact")}</p>
      </section>
      {!study && (
        <p>
          <Link href="/" className="underline">
            {t("back")}
          </Link>
        </p>
      )}
    </main>
  );
}
