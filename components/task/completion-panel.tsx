"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

// long enough to read and copy the code, and to reach "Stay" by keyboard or with a screen reader: at 3 s
// the redirect beat even a test browser's click on a busy machine
const REDIRECT_SECONDS = 10;

const noop = () => () => {};

// The completion code, large, with a Copy button; then, when the study has a completion URL,
// a redirect after a few seconds, with a link in case the browser blocks it and a way to stay.
export function CompletionPanel({ code, redirectUrl }: { code: string; redirectUrl: string | null }) {
  const t = useTranslations("done");
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [staying, setStaying] = useState(false);
  const codeRef = useRef<HTMLParagraphElement>(null);
  // the page is sent as HTML first: a click on "Stay" before React has attached its handler would be lost,
  // and the countdown would then take the participant away, so the button is usable once it can act
  const hydrated = useSyncExternalStore(noop, () => true, () => false);

  useEffect(() => {
    if (!redirectUrl || staying) return;
    if (seconds <= 0) {
      window.location.assign(redirectUrl);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [redirectUrl, seconds, staying]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("yes");
    } catch {
      // no clipboard access (insecure context, permission): select the code for Ctrl+C instead
      const range = document.createRange();
      if (codeRef.current) range.selectNodeContents(codeRef.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied("no");
    }
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="code-heading" className="rounded-card border border-line bg-surface p-6 text-center">
        <h2 id="code-heading" className="text-lg font-semibold text-muted">
          {t("codeHeading")}
        </h2>
        <p ref={codeRef} className="mt-3 break-all font-mono text-4xl font-bold tracking-wider sm:text-5xl">
          {code}
        </p>
        <div className="mt-5 flex flex-col items-center gap-2">
          <Button onClick={() => void copy()} className="min-h-12 px-6 text-base">
            {t("copy")}
          </Button>
          <p role="status" className="min-h-6 text-base">
            {copied === "yes" ? t("copied") : copied === "no" ? t("selected") : ""}
          </p>
        </div>
      </section>

      {redirectUrl && (
        <section aria-labelledby="return-heading" className="rounded-card border border-primary bg-primary-soft p-5">
          <h2 id="return-heading" className="text-lg font-semibold">
            {t("returnHeading")}
          </h2>
          <p className="mt-2 text-base" aria-live="polite">
            {staying
              ? t("staying")
              : seconds > 0
                ? t("redirectIn", { seconds })
                : t("redirectNow")}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <a href={redirectUrl} className="inline-flex min-h-11 items-center rounded-control bg-primary px-4 py-2 text-base font-medium text-primary-ink hover:bg-primary/90">
              {t("continueLink")}
            </a>
            {!staying && (
              <Button variant="secondary" disabled={!hydrated} onClick={() => setStaying(true)}>
                {t("stay")}
              </Button>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
