"use client";

import { useId, type ReactNode, type RefObject } from "react";
import { Button } from "@/components/ui/button";

// A native modal dialog that asks before something that cannot be undone: it traps focus,
// starts on the safe choice, Escape cancels, and focus returns to the button that opened it.
export function ConfirmDialog({
  dialogRef,
  title,
  children,
  cancelLabel = "Cancel",
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: ReactNode;
  children: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose?: () => void;
}) {
  const id = useId();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card border border-line bg-surface p-6 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-base">
        {children}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" autoFocus onClick={() => dialogRef.current?.close()}>
          {cancelLabel}
        </Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
