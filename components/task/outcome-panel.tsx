"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { CompletionPanel } from "@/components/task/completion-panel";
import { webUrl } from "@/components/task/web-url";
import type { Ended } from "@/components/task/task-state";

// When the study's rules end the session (screened out by the screener, a failed qualification
// or attention check): what happened and, when the study defines one, that outcome's code.
// Focus moves to the heading so the change is read out.
export function OutcomePanel({ result }: { result: Ended }) {
  // the same words as the unavailable page gives each of these reasons
  const t = useTranslations("unavailable");
  const td = useTranslations("done");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h2 ref={heading} tabIndex={-1} className="rounded-control text-3xl font-semibold focus:outline-3 focus:outline-offset-2 focus:outline-focus">
          {t(`${result.status}.title`)}
        </h2>
        <p className="mt-3 text-lg leading-8">{t(`${result.status}.text`)}</p>
        {result.completionCode && <p className="mt-2 text-base">{td("codeNote")}</p>}
      </div>
      {result.completionCode && <CompletionPanel code={result.completionCode} redirectUrl={webUrl(result.redirectUrl)} />}
    </div>
  );
}
