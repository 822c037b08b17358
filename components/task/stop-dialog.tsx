"use client";

import { useTranslations } from "next-intl";
import type { RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function StopDialog({ dialogRef, onConfirm, onClose }: { dialogRef: RefObject<HTMLDialogElement | null>; onConfirm: () => void; onClose: () => void }) {
  const t = useTranslations("task.stopDialog");
  return (
    <ConfirmDialog
      dialogRef={dialogRef}
      title={t("title")}
      cancelLabel={t("keepWorking")}
      confirmLabel={t("confirm")}
      onClose={onClose}
      onConfirm={() => {
        dialogRef.current?.close();
        onConfirm();
      }}
    >
      {t("text")}
    </ConfirmDialog>
  );
}
