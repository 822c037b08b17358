"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import type { StudySettings } from "@/components/studies/form-model";
import { specText } from "@/components/studies/spec-of";

// "Show as spec": the study as the JSON spec that declares it, to copy (for the CLI, or a paper's
// supplement), "so a study can be re-run on a new dataset version".
export function SpecView({ studyId, study }: { studyId: string; study: StudySettings }) {
  const t = useTranslations("console.studies.spec");
  const text = specText(study);
  const [notice, setNotice] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setNotice(t("copied"));
    } catch {
      setNotice(t("refused"));
    }
  }
  return (
    <details className="rounded-card border border-line bg-surface">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 py-3 text-sm font-medium sm:px-6">{t("show")}</summary>
      <div className="space-y-3 border-t border-line p-4 sm:p-6">
        <p className="text-sm text-muted">
          {t.rich("intro", { code: (chunks) => <code>{chunks}</code> })}
        </p>
        <pre role="region" tabIndex={0} aria-label={t("label")} className="max-h-96 overflow-auto rounded-control border border-line bg-bg p-3 font-mono text-xs">
          {text}
        </pre>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={copy}>
            {t("copy")}
          </Button>
          <Link href={`/studies/new?from=${encodeURIComponent(studyId)}`} className={buttonClass("secondary")}>
            {t("newFrom")}
          </Link>
          <span className="text-sm text-muted" aria-live="polite">
            {notice}
          </span>
        </div>
      </div>
    </details>
  );
}
