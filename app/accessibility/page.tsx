import Link from "next/link";
import { z } from "zod";
import { AUDITED_PAGES } from "@/lib/a11y/audited-pages";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { readStudy } from "@/lib/studies/study";

export const dynamic = "force-dynamic";
export const metadata = { title: "Accessibility" };

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
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8 text-base leading-relaxed">
      <h1 className="text-3xl font-semibold">Accessibility</h1>
      <p>
        Sally aims to meet the <strong>Web Content Accessibility Guidelines (WCAG) 2.2, level AA</strong> on every page: the pages
        participants use (study link, consent, task, done) and the console researchers, annotators and admins use.
      </p>

      <section aria-labelledby="tested" className="space-y-3">
        <h2 id="tested" className="text-xl font-semibold">What is tested, and how</h2>
        <p>Each change to Sally runs these checks in Chromium against a production build:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            An automated audit with axe-core (rules tagged WCAG 2.0, 2.1 and 2.2 A and AA) of every page below, in the states listed.
            A serious or critical finding fails the build.
          </li>
          <li>
            Keyboard-only use of the participant pages: consent, every answer widget (choices, yes/no, numbers, short and long text,
            checklists, ratings), submit, skip, stop, and the staged reveal, without a mouse.
          </li>
          <li>A visible focus indicator on every control reached with the Tab key.</li>
          <li>Every button, link and field on the task page is at least 24 by 24 CSS pixels, on a desktop and a phone screen.</li>
          <li>
            Time limits: a participant holds a unit for the study&apos;s lease length. Two minutes before it ends the page says so
            (politely, then urgently in the last 30 seconds) and offers <em>Keep working</em>, which extends the time as often as
            needed.
          </li>
        </ul>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="mb-2 text-left text-base font-medium">Pages audited</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4">Page</th>
              <th scope="col" className="py-2">States checked</th>
            </tr>
          </thead>
          <tbody>
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
        <h2 id="limits" className="text-xl font-semibold">Known limitations</h2>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Sally has not yet been tested with screen readers (NVDA, JAWS, VoiceOver, TalkBack) by people who use them. The pages
            use standard controls, labels and live regions, but we do not claim that they work well with any screen reader.
          </li>
          <li>Automated audits find only part of the barriers a person can meet; we have not run an audit with disabled users.</li>
          <li>Texts and questions come from research benchmarks and are shown as the study&apos;s authors wrote them.</li>
          <li>Researchers can make the time for a unit short; participants can always ask for more time.</li>
        </ul>
      </section>

      <section aria-labelledby="contact" className="space-y-3">
        <h2 id="contact" className="text-xl font-semibold">Tell us about a barrier</h2>
        {contact ? (
          <p>
            If something on these pages stops you or makes a task harder, write to <span className="break-words font-medium">{contact}</span>.
            Say which page and what happened; we will answer and, where we can, offer another way to take part.
          </p>
        ) : (
          <p>If something on these pages stops you, tell the person or service that sent you the link, or your Sally administrator.</p>
        )}
      </section>
      {!study && (
        <p>
          <Link href="/" className="underline">
            Back to Sally
          </Link>
        </p>
      )}
    </main>
  );
}
