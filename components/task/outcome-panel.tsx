"use client";

import { useEffect, useRef } from "react";
import { CompletionPanel } from "@/components/task/completion-panel";
import { webUrl } from "@/components/task/web-url";
import type { Ended } from "@/components/task/task-state";

// Kept together so they can move to the message catalogue as they are.
const TEXT: Record<Ended["status"], { title: string; text: string }> = {
  screened_out: { title: "Thank you for your answers", text: "From your answers, this study is not a good fit for you. Thank you for your time." },
  failed_qualification: {
    title: "Thank you for trying",
    text: "Your answers to the practice questions did not reach the level this study needs, so it cannot continue. Thank you for your time.",
  },
  failed_attention: { title: "This study has ended for you", text: "Some of the attention checks were missed, so this study cannot continue. Thank you for your time." },
};
const CODE_NOTE = "Enter this code on the study platform, as the researchers asked, so that your time is recorded.";

// When the study's rules end the session (screened out by the screener, a failed qualification
// or attention check): what happened and, when the study defines one, that outcome's code.
// Focus moves to the heading so the change is read out.
export function OutcomePanel({ result }: { result: Ended }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = TEXT[result.status];
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h2 ref={heading} tabIndex={-1} className="rounded-control text-3xl font-semibold focus:outline-3 focus:outline-offset-2 focus:outline-focus">
          {text.title}
        </h2>
        <p className="mt-3 text-lg leading-8">{text.text}</p>
        {result.completionCode && <p className="mt-2 text-base">{CODE_NOTE}</p>}
      </div>
      {result.completionCode && <CompletionPanel code={result.completionCode} redirectUrl={webUrl(result.redirectUrl)} />}
    </div>
  );
}
