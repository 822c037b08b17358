"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { destinationFor, pathOf } from "@/components/task/outcomes";
import { reasonOf, withRetry } from "@/components/task/retry";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/http/client";

const LABEL = "I have read the instructions and agree to take part";
const LABEL_WITH_SHEET = "I have read the information sheet and the instructions and agree to take part";

export function ConsentForm({ code, withSheet = false }: { code: string; withSheet?: boolean }) {
  const router = useRouter();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!agreed) {
      setError("Tick the box to say you agree, then press Continue.");
      document.getElementById("consent-box")?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const res = await withRetry(() => api(`/api/s/${encodeURIComponent(code)}/consent`, { method: "POST", json: { consent: true } }), {
      delays: [500, 1000, 2000],
    });
    if (res.ok) {
      router.replace(pathOf(code, { to: "task" }));
      return;
    }
    const destination = destinationFor({ ...res.problem, reason: reasonOf(res.problem) });
    if (destination) {
      if (destination.to === "link") window.location.assign(pathOf(code, destination));
      else router.replace(pathOf(code, destination));
      return;
    }
    setBusy(false);
    setError(res.problem.status === 0 ? "We could not reach the server. Check your connection and try again." : res.problem.detail);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-card border border-line bg-surface p-5">
      <label className="flex min-h-11 cursor-pointer items-start gap-3 text-lg">
        <input
          id="consent-box"
          type="checkbox"
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setError(null);
          }}
          aria-invalid={error && !agreed ? true : undefined}
          aria-describedby={error ? "consent-error" : undefined}
          className="mt-1 size-6 shrink-0 accent-primary"
        />
        <span>{withSheet ? LABEL_WITH_SHEET : LABEL}</span>
      </label>
      <div id="consent-error">
        {error && <Alert tone="error">{error}</Alert>}
      </div>
      <Button type="submit" disabled={busy} className="min-h-12 px-6 text-base">
        {busy ? "One moment…" : "Continue"}
      </Button>
    </form>
  );
}
