"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/http/client";

type State = "draft" | "open" | "paused" | "closed";
type Target = "open" | "paused" | "closed";

const ACTIONS: Record<State, { to: Target; label: string; variant: "primary" | "secondary" | "danger" }[]> = {
  draft: [{ to: "open", label: "Open study", variant: "primary" }],
  open: [
    { to: "paused", label: "Pause study", variant: "secondary" },
    { to: "closed", label: "Close study", variant: "danger" },
  ],
  paused: [
    { to: "open", label: "Resume study", variant: "primary" },
    { to: "closed", label: "Close study", variant: "danger" },
  ],
  closed: [],
};

const DONE: Record<Target, string> = {
  open: "The study is open: participants can enter with its link.",
  paused: "The study is paused: no new units are handed out until you resume it.",
  closed: "The study is closed.",
};

// State changes for the study header. Closing is final, so it asks first (a modal dialog).
export function StudyActions({ studyId, state }: { studyId: string; state: State }) {
  const router = useRouter();
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
    setMessage({ tone: "success", text: DONE[to] });
    router.refresh();
  }

  return (
    <div className="space-y-2">
      {state === "closed" ? (
        <p className="text-sm text-muted">Closed studies are final. Results and exports stay available.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {ACTIONS[state].map((a) => (
            <Button
              key={a.to}
              variant={a.variant}
              disabled={busy}
              onClick={() => (a.to === "closed" ? dialog.current?.showModal() : void change(a.to))}
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
      <ConfirmDialog dialogRef={dialog} title="Close this study?" confirmLabel="Yes, close the study" busy={busy} onConfirm={() => void change("closed")}>
        Closing is final: nobody can take part any more and it cannot be reopened. Results, adjudication and exports stay available.
      </ConfirmDialog>
    </div>
  );
}
