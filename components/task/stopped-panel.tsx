"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { CompletionPanel } from "@/components/task/completion-panel";
import { webUrl } from "@/components/task/web-url";
import { ReturnGuidance, type Platform } from "@/components/task/return-guidance";
import type { StopResult } from "@/components/task/task-state";

// After "Stop here": the completion code when the session counts as completed, else what to
// do on the platform. Focus moves to the heading so the change is read out.
export function StoppedPanel({ result, platform, done }: { result: StopResult; platform: Platform; done: number }) {
  const t = useTranslations("done");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const completed = result.outcome === "completed" && result.completionCode;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h2 ref={heading} tabIndex={-1} className="rounded-control text-3xl font-semibold focus:outline-3 focus:outline-offset-2 focus:outline-focus">
        {completed ? t("thanks") : t("stoppedHeading")}
      </h2>
      {completed ? (
        <CompletionPanel code={result.completionCode!} redirectUrl={webUrl(result.redirectUrl)} />
      ) : (
        <ReturnGuidance platform={platform} submitted={done} />
      )}
    </div>
  );
}
