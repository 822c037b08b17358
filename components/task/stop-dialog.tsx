"use client";

import type { RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function StopDialog({ dialogRef, onConfirm, onClose }: { dialogRef: RefObject<HTMLDialogElement | null>; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      dialogRef={dialogRef}
      title="Stop here?"
      cancelLabel="Keep working"
      confirmLabel="Stop here"
      onClose={onClose}
      onConfirm={() => {
        dialogRef.current?.close();
        onConfirm();
      }}
    >
      You will get no more units. What you already submitted is kept; answers on this page that you have not submitted are discarded.
    </ConfirmDialog>
  );
}
