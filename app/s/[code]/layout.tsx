import type { ReactNode } from "react";

// The participant's pages: calm, no console navigation, wide enough for a transcript beside
// the questions on a large screen. The root layout already has the skip link to #main.
export default async function ParticipantLayout({ children, params }: { children: ReactNode; params: Promise<{ code: string }> }) {
  const { code } = await params;
  return (
    <div className="min-h-screen">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-3">
          <p className="text-base font-semibold">
            Sally <span className="font-normal text-muted">· research study</span>
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        {children}
      </main>
      <footer className="mx-auto max-w-7xl px-4 pb-6 text-sm text-muted">
        {/* a plain link: next/link would add its code to every participant page for one footer link */}
        <a href={`/accessibility?study=${encodeURIComponent(code)}`} className="inline-flex min-h-6 items-center underline">
          Accessibility
        </a>
      </footer>
    </div>
  );
}
