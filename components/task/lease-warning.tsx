"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { leaseStage, leaseThresholds, timeLeftParts } from "@/components/task/lease-clock";
import { buttonClass } from "@/components/ui/button";

export interface LeaseWarningProps {
  assignmentId: string;
  /** when the server ends the lease (ISO time) */
  expiresAt: string;
  /** the time left when the server sent the unit; counted from this when given, as device clocks can be wrong */
  expiresInMs?: number;
  /** asks the server for more time; the new end, or the reason it refused */
  onRenew: (assignmentId: string) => Promise<Renewed | { error: string }>;
}

// Keyed by the lease (assignment and expiry), so a new unit starts it afresh.
// Shown only near the end of the time for a unit. The text changes every few seconds, so the
// live regions carry only the stage's message (announced once per stage), not the countdown.
export interface Renewed {
  expiresAt: string;
  expiresInMs?: number;
}

/** The lease's end on this device's clock. */
const endOf = (r: Renewed) => (r.expiresInMs !== undefined ? Date.now() + r.expiresInMs : Date.parse(r.expiresAt));

export function LeaseWarning({ assignmentId, expiresAt, expiresInMs, onRenew }: LeaseWarningProps) {
  const [end, setEnd] = useState(() => endOf({ expiresAt, expiresInMs }));
  const [now, setNow] = useState(() => Date.now());
  // the lease's length as this page last got it (served or renewed): the warnings scale to it
  const [span, setSpan] = useState(() => end - now);
  const [message, setMessage] = useState<string | null>(null);
  const t = useTranslations("task.lease");
  const duration = (ms: number) => t("duration", timeLeftParts(ms));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const remaining = end - now;
  const stage = leaseStage(remaining, span);
  const thresholds = leaseThresholds(span);

  async function keepWorking() {
    setBusy(true);
    const result = await onRenew(assignmentId);
    setBusy(false);
    // the server's words are not shown to participants; what to do next is the same for every refusal
    if ("error" in result) return setMessage(t("renewFailed"));
    const next = endOf(result);
    const at = Date.now();
    setEnd(next);
    setNow(at);
    setSpan(next - at);
    setMessage(t("more", { time: duration(next - Date.now()) }));
  }

  const warning = stage === "warning" || stage === "urgent" || stage === "ended";
  const text = stage === "ended" ? t("ended") : t("left", { time: duration(remaining) });
  return (
    <div className="space-y-2">
      <div role="status" aria-live="polite" className="sr-only">
        {stage === "warning" ? t("warning", { time: duration(thresholds.warn) }) : message}
      </div>
      <div role="alert" aria-live="assertive" className="sr-only">
        {stage === "urgent" ? t("urgent", { time: duration(thresholds.urgent) }) : stage === "ended" ? text : ""}
      </div>
      {warning && (
        <div className="flex flex-wrap items-center gap-3 rounded-control border border-warning bg-warning-soft px-4 py-3 text-base text-warning" data-lease-warning={stage}>
          <p>{text}</p>
          {stage !== "ended" && (
            <button type="button" className={buttonClass("primary")} disabled={busy} onClick={() => void keepWorking()}>
              {t("keepWorking")}
            </button>
          )}
        </div>
      )}
      {!warning && message && <p className="text-base text-muted">{message}</p>}
    </div>
  );
}
