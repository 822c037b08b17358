"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { formatDateTime } from "@/components/datasets/format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { api, fieldErrors, type ApiProblem } from "@/lib/http/client";

export interface ShareRow {
  userId: string;
  email: string;
  name: string;
  /** ISO time */
  sharedAt: string;
}

// For the owner and admins: share with every researcher or with named ones, and revoke. Each
// change is announced in the live region; after a revoke focus goes to the email field, since
// the button that had it is gone.
export function SharePanel({ datasetId, initial }: { datasetId: string; initial: { sharedWithAll: boolean; shares: ShareRow[] } }) {
  const t = useTranslations("console.datasets.sharing");
  const [sharedWithAll, setSharedWithAll] = useState(initial.sharedWithAll);
  const [shares, setShares] = useState(initial.shares);
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const shareForm = useRef<HTMLFormElement>(null);
  const errors = fieldErrors(problem);
  const base = `/api/datasets/${datasetId}/shares`;

  function done(result: { ok: true } | { ok: false; problem: ApiProblem }, message: string): boolean {
    setBusy(false);
    if (!result.ok) {
      setNotice(undefined);
      setProblem(result.problem);
      return false;
    }
    setProblem(undefined);
    setNotice(message);
    return true;
  }

  async function toggleAll() {
    setBusy(true);
    const next = !sharedWithAll;
    const result = await api(base, { method: "PATCH", json: { sharedWithAll: next } });
    if (done(result, next ? t("nowAll") : t("nowListed"))) {
      setSharedWithAll(next);
    }
  }

  async function share(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    setBusy(true);
    const result = await api<{ share: Omit<ShareRow, "sharedAt"> }>(base, { method: "POST", json: { email } });
    const added = result.ok ? result.data.share : null;
    if (!done(result, added ? t("sharedWith", { name: added.name, email: added.email }) : "") || !added) return;
    setShares((rows) => (rows.some((r) => r.userId === added.userId) ? rows : [...rows, { ...added, sharedAt: new Date().toISOString() }]));
    form.reset();
  }

  async function revoke(row: ShareRow) {
    setBusy(true);
    const result = await api(`${base}/${row.userId}`, { method: "DELETE" });
    if (done(result, t("stopped", { name: row.name, email: row.email }))) {
      setShares((rows) => rows.filter((r) => r.userId !== row.userId));
      shareForm.current?.querySelector("input")?.focus();
    }
  }

  return (
    <section aria-labelledby="sharing-heading" className="space-y-4">
      <h2 id="sharing-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="text-sm text-muted">
        {t("intro")}
      </p>
      <div aria-live="polite">
        {problem && !problem.invalid_params && <Alert tone="error">{problem.detail}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>

      <div className="flex flex-wrap items-center gap-4 rounded-card border border-line bg-surface p-4">
        <p className="grow">{sharedWithAll ? t("all") : t("notAll")}</p>
        <Button variant="secondary" disabled={busy} onClick={() => void toggleAll()}>
          {sharedWithAll ? t("stopAll") : t("shareAll")}
        </Button>
      </div>

      <form ref={shareForm} onSubmit={share} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 grow">
          <TextField label={t("emailLabel")} name="email" type="email" autoComplete="off" required error={errors.email} />
        </div>
        <Button type="submit" disabled={busy}>
          {t("share")}
        </Button>
      </form>

      {shares.length === 0 ? (
        <p className="text-sm text-muted">{t("noneByName")}</p>
      ) : (
        <div className="overflow-x-auto rounded-card border border-line bg-surface">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t("caption")}</caption>
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">{t("name")}</th>
                <th scope="col" className="px-4 py-3 font-medium">{t("email")}</th>
                <th scope="col" className="px-4 py-3 font-medium">{t("shared")}</th>
                <th scope="col" className="px-4 py-3 font-medium"><span className="sr-only">{t("actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {shares.map((row) => (
                <tr key={row.userId} className="border-b border-line last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium">{row.name}</th>
                  <td className="px-4 py-3 break-all">{row.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={row.sharedAt}>{formatDateTime(new Date(row.sharedAt))}</time>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button variant="secondary" disabled={busy} onClick={() => void revoke(row)}>
                      {t.rich("revoke", { email: row.email, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
