"use client";

import { useTranslations } from "next-intl";
import type { RefObject } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

// "Stop here?" and "Skip this unit?": the same confirm, each with its own words in the catalogs.
export function TaskDialog({
  kind,
  dialogRef,
  onConfirm,
  onClose,
}: {
  kind: "stopDialog" | "skipDialog";
  dialogRef: RefObject<HTMLDialogElement | null>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslations(`task.${kind}`);
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
