"use client";

import { signIn } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { api, fieldErrors, type ApiProblem } from "@/lib/http/client";

type Errors = Partial<Record<"currentPassword" | "newPassword" | "newPasswordAgain", string>>;

// Changing the password ends every session of the account, this one too (the server bumps
// tokenVersion), so on success the form signs this browser in again with the new password.
export function PasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const t = useTranslations("console.account.passwordForm");
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  function showErrors(found: Errors) {
    setErrors(found);
    // the first field with an error takes focus, so its message is read out
    const first = (["currentPassword", "newPassword", "newPasswordAgain"] as const).find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    const again = String(form.get("newPasswordAgain") ?? "");
    setNotice(undefined);
    setProblem(undefined);
    const local: Errors = {};
    if (!currentPassword) local.currentPassword = t("enterCurrent");
    if (newPassword.length < 10) local.newPassword = t("tooShort");
    if (again !== newPassword) local.newPasswordAgain = t("notSame");
    if (Object.keys(local).length) return showErrors(local);

    setBusy(true);
    const result = await api("/api/account/password", { method: "POST", json: { currentPassword, newPassword } });
    if (!result.ok) {
      setBusy(false);
      const fields = fieldErrors(result.problem) as Errors;
      if (Object.keys(fields).length) return showErrors(fields);
      showErrors({});
      return setProblem(result.problem);
    }
    showErrors({});
    formRef.current?.reset();
    // this session ended with the others: start a new one with the new password
    const renewed = await signIn("credentials", { email, password: newPassword, redirect: false }).catch(() => null);
    setBusy(false);
    if (!renewed || renewed.error) {
      router.push("/signin");
      return;
    }
    setNotice(t("changed"));
  }

  return (
    <form ref={formRef} onSubmit={submit} className="max-w-md space-y-4" noValidate aria-describedby="password-help">
      <p id="password-help" className="text-sm text-muted">
        {t("help")}
      </p>
      <div aria-live="polite">
        {problem && <Alert tone="error">{problem.detail}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      <TextField label={t("current")} name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <TextField label={t("new")} name="newPassword" type="password" autoComplete="new-password" hint={t("newHint")} required error={errors.newPassword} />
      <TextField label={t("again")} name="newPasswordAgain" type="password" autoComplete="new-password" required error={errors.newPasswordAgain} />
      <Button type="submit" disabled={busy}>{busy ? t("changing") : t("change")}</Button>
    </form>
  );
}
