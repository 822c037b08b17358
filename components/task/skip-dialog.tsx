"use client";

import type { RefObject } from "react";
import { Button } from "@/components/ui/button";

// "Skip this unit?" as a native modal dialog: it traps focus, Escape cancels, and focus
// returns to the Skip button.
export function SkipDialog({
  dialogRef,
  onConfirm,
  onClose,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const close = () => dialogRef.current?.close();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="skip-dialog-title"
      aria-describedby="skip-dialog-text"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-card border border-line bg-surface p-6 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <h2 id="skip-dialog-title" className="text-xl font-semibold">
        Skip this unit?
      </h2>
      <p id="skip-dialog-text" className="mt-2 text-base">
        It goes back to the pool for someone else, and any answers you gave for it are discarded.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={close} autoFocus>
          Keep working
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            close();
            onConfirm();
          }}
        >
          Skip this unit
        </Button>
      </div>
    </dialog>
  );
}
