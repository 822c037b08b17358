"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField, controlClass } from "@/components/ui/field";
import { api, fieldErrors, type ApiProblem } from "@/lib/http/client";

type Role = "admin" | "researcher" | "annotator";
interface Row {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  createdAt: string;
}

const ROLES: Role[] = ["admin", "researcher", "annotator"];

export function UsersAdmin({ meId, initialUsers }: { meId: string; initialUsers: Row[] }) {
  const t = useTranslations("console.users.admin");
  const [users, setUsers] = useState(initialUsers);
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(problem);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    setBusy(true);
    setNotice(undefined);
    const result = await api<{ user: Row }>("/api/admin/users", {
      method: "POST",
      json: Object.fromEntries(form.entries()),
    });
    setBusy(false);
    if (!result.ok) return setProblem(result.problem);
    setProblem(undefined);
    setUsers((rows) => [...rows, result.data.user]);
    setNotice(t("created", { email: result.data.user.email, role: result.data.user.role }));
    formEl.reset();
  }

  async function update(id: string, change: Partial<Pick<Row, "role" | "active">>) {
    setNotice(undefined);
    const result = await api<{ user: Row }>(`/api/admin/users/${id}`, { method: "PATCH", json: change });
    if (!result.ok) return setProblem(result.problem);
    setProblem(undefined);
    setUsers((rows) => rows.map((r) => (r.id === id ? result.data.user : r)));
    setNotice(t("updated", { email: result.data.user.email }));
  }

  return (
    <div className="space-y-8">
      <div aria-live="polite">
        {problem && !problem.invalid_params && <Alert tone="error">{problem.detail}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>

      <section aria-labelledby="users-heading" className="overflow-x-auto rounded-card border border-line bg-surface">
        <h2 id="users-heading" className="sr-only">
          {t("all")}
        </h2>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">{t("name")}</th>
              <th scope="col" className="px-4 py-3 font-medium">{t("email")}</th>
              <th scope="col" className="px-4 py-3 font-medium">{t("role")}</th>
              <th scope="col" className="px-4 py-3 font-medium">{t("status")}</th>
              <th scope="col" className="px-4 py-3 font-medium"><span className="sr-only">{t("actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-b border-line last:border-0">
                <td className="px-4 py-3">{u.name}</td>
                <td className="px-4 py-3 break-all">{u.email}</td>
                <td className="px-4 py-3">
                  <select
                    aria-label={t("roleOf", { email: u.email })}
                    className={controlClass}
                    value={u.role}
                    disabled={u.id === meId}
                    onChange={(e) => void update(u.id, { role: e.target.value as Role })}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>{r}</option>
                    ))}
                  </select>
                </td>
                <td className="px-4 py-3">{u.active ? t("active") : t("deactivated")}</td>
                <td className="px-4 py-3 text-right">
                  {u.id !== meId && (
                    <Button variant={u.active ? "secondary" : "primary"} onClick={() => void update(u.id, { active: !u.active })}>
                      {u.active ? t("deactivate") : t("reactivate")}
                      <span className="sr-only"> {u.email}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="create-heading" className="rounded-card border border-line bg-surface p-6">
        <h2 id="create-heading" className="text-lg font-semibold">{t("createHeading")}</h2>
        <form onSubmit={create} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <TextField label={t("name")} name="name" required error={errors.name} />
          <TextField label={t("email")} name="email" type="email" required error={errors.email} />
          <SelectField label={t("role")} name="role" defaultValue="researcher" error={errors.role}>
            {ROLES.map((r) => (
              <option key={r} value={r}>{r}</option>
            ))}
          </SelectField>
          <TextField
            label={t("password")}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t("passwordHint")}
            required
            error={errors.password}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>{busy ? t("creating") : t("create")}</Button>
          </div>
        </form>
      </section>
    </div>
  );
}
