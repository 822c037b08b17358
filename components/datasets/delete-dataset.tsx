"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/http/client";

// Deleting removes the dataset with its contexts and questions, so it asks first in a modal
// dialog (focus starts on Cancel and returns to the button when the dialog closes).
export function DeleteDataset({ datasetId, name }: { datasetId: string; name: string }) {
  const router = useRouter();
  const t = useTranslations("console.datasets.delete");
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function remove() {
    setBusy(true);
    setError(undefined);
    const result = await api(`/api/datasets/${datasetId}`, { method: "DELETE" });
    setBusy(false);
    if (result.ok || result.problem.status === 404) {
      router.push(`/datasets?deleted=${encodeURIComponent(name)}`);
      return;
    }
    dialog.current?.close();
    setError(result.problem.detail);
  }

  return (
    <div className="space-y-2">
      <Button variant="danger" onClick={() => dialog.current?.showModal()}>
        {t("button")}
      </Button>
      <div aria-live="polite">{error && <Alert tone="error">{error}</Alert>}</div>
      <ConfirmDialog dialogRef={dialog} title={t("title", { name })} confirmLabel={busy ? t("deleting") : t("confirm")} busy={busy} onConfirm={() => void remove()}>
        {t("text")}
      </ConfirmDialog>
    </div>
  );
}
