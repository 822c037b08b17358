"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { destinationFor, pathOf } from "@/components/task/outcomes";
import { problemKey } from "@/components/task/problem-keys";
import { reasonOf, withRetry } from "@/components/task/retry";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { api } from "@/lib/http/client";

export function ConsentForm({ code, withSheet = false }: { code: string; withSheet?: boolean }) {
  const t = useTranslations("consent");
  const tr = useTranslations();
  const router = useRouter();
  const [agreed, setAgreed] = useState(false);
  /** a catalog key from the root */
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!agreed) {
      setError("consent.tickTheBox");
      document.getElementById("consent-box")?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const res = await withRetry(() => api(`/api/s/${encodeURIComponent(code)}/consent`, { method: "POST", json: { consent: true } }), {
      delays: [500, 1000, 2000],
    });
    if (res.ok) {
      // The task page is a route, not an App Router page (docs/participant-api.md): the router
      // finds no server-component payload there and loads it as a page.
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
    setError(problemKey({ ...res.problem, reason: reasonOf(res.problem) }));
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
        <span>{withSheet ? t("agreeWithSheet") : t("agree")}</span>
      </label>
      <div id="consent-error">
        {error && <Alert tone="error">{tr(error)}</Alert>}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} className="min-h-12 px-6 text-base">
          {busy ? tr("common.oneMoment") : t("continue")}
        </Button>
        {/* not agreeing is an answer too: it says what to do on the platform instead */}
        <a href={pathOf(code, { to: "unavailable", reason: "declined" })} className={buttonClass("ghost", "underline")}>
          {t("decline")}
        </a>
      </div>
    </form>
  );
}
