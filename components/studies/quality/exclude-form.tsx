"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { api } from "@/lib/http/client";

export interface ExclusionOutcome {
  pseudonym: string;
  reopened: number;
  policyExcluded: number;
}

// "Exclude" for one participant: an inline form asks for the reason (required; focus moves to it
// and back to the button on cancel), then posts it; the outcome is announced by the table.
export function ExcludeForm({ studyId, participantId, pseudonym, onDone }: { studyId: string; participantId: string; pseudonym: string; onDone: (o: ExclusionOutcome) => void }) {
  const router = useRouter();
  const t = useTranslations("console.quality.exclude");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) reasonRef.current?.focus();
  }, [open]);

  function cancel() {
    setOpen(false);
    setError(null);
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setError(t("reasonMissing"));
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await api<{ reopened: number; policyExcluded: number }>(`/api/studies/${studyId}/participants/${participantId}/exclusion`, { method: "POST", json: { reason: reason.trim() } });
    setBusy(false);
    if (!result.ok) {
      setError(result.problem.detail);
      reasonRef.current?.focus();
      return;
    }
    setOpen(false);
    onDone({ pseudonym, ...result.data });
    router.refresh();
  }

  if (!open) {
    return (
      <button ref={buttonRef} type="button" className={buttonClass("secondary")} onClick={() => setOpen(true)} aria-label={t("excludeWho", { pseudonym })}>
        {t("exclude")}
      </button>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="min-w-64 space-y-2" aria-label={t("excludeWho", { pseudonym })}>
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
        {t("reason", { pseudonym })}
      </label>
      <textarea
        id={`${id}-reason`}
        ref={reasonRef}
        required
        rows={2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? t("excluding") : t("exclude")}
        </Button>
        <Button variant="ghost" onClick={cancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
