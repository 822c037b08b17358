"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/http/client";

type State = "draft" | "open" | "paused" | "closed";
type Target = "open" | "paused" | "closed";

// actions are keys of console.studies.actions
const ACTIONS: Record<State, { to: Target; action: "open" | "pause" | "close" | "resume"; variant: "primary" | "secondary" | "danger" }[]> = {
  draft: [{ to: "open", action: "open", variant: "primary" }],
  open: [
    { to: "paused", action: "pause", variant: "secondary" },
    { to: "closed", action: "close", variant: "danger" },
  ],
  paused: [
    { to: "open", action: "resume", variant: "primary" },
    { to: "closed", action: "close", variant: "danger" },
  ],
  closed: [],
};

// State changes for the study header. Closing is final, so it asks first (a modal dialog).
export function StudyActions({ studyId, state }: { studyId: string; state: State }) {
  const router = useRouter();
  const t = useTranslations("console.studies.actions");
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string }>();

  async function change(to: Target) {
    setBusy(true);
    setMessage(undefined);
    const result = await api(`/api/studies/${studyId}/state`, { method: "POST", json: { state: to } });
    setBusy(false);
    dialog.current?.close();
    if (!result.ok) return setMessage({ tone: "error", text: result.problem.detail });
    setMessage({ tone: "success", text: t(`done.${to}`) });
    router.refresh();
  }

  return (
    <div className="space-y-2">
      {state === "closed" ? (
        <p className="text-sm text-muted">{t("closedFinal")}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {ACTIONS[state].map((a) => (
            <Button
              key={a.to}
              variant={a.variant}
              disabled={busy}
              onClick={() => (a.to === "closed" ? dialog.current?.showModal() : void change(a.to))}
            >
              {t(a.action)}
            </Button>
          ))}
        </div>
      )}
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
      <ConfirmDialog dialogRef={dialog} title={t("confirmTitle")} confirmLabel={t("confirm")} busy={busy} onConfirm={() => void change("closed")}>
        {t("confirmText")}
      </ConfirmDialog>
    </div>
  );
}
