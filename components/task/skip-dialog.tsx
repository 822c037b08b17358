"use client";

import type { RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function SkipDialog({
  dialogRef,
  onConfirm,
  onClose,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      dialogRef={dialogRef}
      title="Skip this unit?"
      cancelLabel="Keep working"
      confirmLabel="Skip this unit"
      onClose={onClose}
      onConfirm={() => {
        dialogRef.current?.close();
        onConfirm();
      }}
    >
      It goes back to the pool for someone else, and any answers you gave for it are discarded.
    </ConfirmDialog>
  );
}
