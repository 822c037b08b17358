"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { NewToken } from "@/components/console/account/new-token";
import { TokenTable } from "@/components/console/account/token-table";
import { EXPIRY_CHOICES, type TokenView } from "@/components/console/account/token-view";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { api, fieldErrors, type ApiProblem } from "@/lib/http/client";

// Create (the token shown once), list, revoke (after a confirmation). Revoking takes effect at once.
export function ApiTokens({ initialTokens, now }: { initialTokens: TokenView[]; now: string }) {
  const t = useTranslations("console.account.apiTokens");
  const [tokens, setTokens] = useState(initialTokens);
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  const [pending, setPending] = useState<TokenView>();
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const nameField = useRef<HTMLFormElement>(null);
  const errors = fieldErrors(problem);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const days = String(form.get("expiresInDays") ?? "");
    setBusy(true);
    setNotice(undefined);
    const result = await api<{ token: TokenView; secret: string }>("/api/tokens", {
      method: "POST",
      json: { name: String(form.get("name") ?? ""), expiresInDays: days ? Number(days) : null },
    });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.problem);
      if (result.problem.invalid_params) formEl.querySelector<HTMLInputElement>('[name="name"]')?.focus();
      return;
    }
    setProblem(undefined);
    setTokens((rows) => [result.data.token, ...rows]);
    setCreated({ name: result.data.token.name, secret: result.data.secret });
    formEl.reset();
  }

  async function revoke() {
    if (!pending) return;
    setBusy(true);
    const result = await api<{ token: TokenView }>(`/api/tokens/${pending.id}`, { method: "DELETE" });
    setBusy(false);
    dialog.current?.close();
    if (!result.ok) return setProblem(result.problem);
    setProblem(undefined);
    setTokens((rows) => rows.map((r) => (r.id === pending.id ? result.data.token : r)));
    setNotice(t("revoked", { name: pending.name }));
    // the row's button is gone: continue from the form
    nameField.current?.querySelector<HTMLInputElement>('[name="name"]')?.focus();
  }

  return (
    <div className="space-y-6">
      <div aria-live="polite">
        {problem && !problem.invalid_params && <Alert tone="error">{problem.detail}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {created ? (
        <NewToken name={created.name} secret={created.secret} onDone={() => setCreated(undefined)} />
      ) : (
        <form ref={nameField} onSubmit={create} className="grid max-w-2xl gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end" noValidate>
          <TextField label={t("name")} name="name" hint={t("nameHint")} required maxLength={100} error={errors.name} />
          <SelectField label={t("expires")} name="expiresInDays" defaultValue="90" error={errors.expiresInDays}>
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>{t(`expiry.${c.key}`)}</option>
            ))}
          </SelectField>
          <Button type="submit" disabled={busy}>{busy ? t("creating") : t("create")}</Button>
        </form>
      )}
      <TokenTable
        tokens={tokens}
        now={new Date(now)}
        onRevoke={(token) => {
          setPending(token);
          dialog.current?.showModal();
        }}
      />
      <ConfirmDialog dialogRef={dialog} title={t("confirmTitle", { name: pending?.name ?? "" })} confirmLabel={busy ? t("revoking") : t("confirm")} busy={busy} onConfirm={() => void revoke()}>
        {t("confirmText")}
      </ConfirmDialog>
    </div>
  );
}
