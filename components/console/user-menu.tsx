"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";

// A disclosure button: Escape or a click outside closes it and focus returns to the button.
export function UserMenu({ name, email, role }: { name: string; email: string; role: string }) {
  const t = useTranslations("console.userMenu");
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div className="relative" ref={root}>
      <button
        ref={trigger}
        type="button"
        className={buttonClass("secondary")}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden className="grid size-7 place-items-center rounded-full bg-primary text-xs text-primary-ink">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only sm:not-sr-only">{name}</span>
        <span className="sr-only"> {t("accountMenu")}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-64 rounded-card border border-line bg-surface p-4 shadow-lg"
      >
        <p className="font-medium">{name}</p>
        <p className="break-all text-sm text-muted">{email}</p>
        <p className="mt-1 text-sm">{t.rich("role", { role, b: (chunks) => <span className="font-medium">{chunks}</span> })}</p>
        <nav aria-label={t("accountNav")} className="mt-4">
          <ul className="space-y-1">
            <li>
              <Link href="/account" className="text-primary underline-offset-2 hover:underline" onClick={() => setOpen(false)}>
                {t("account")}
              </Link>
            </li>
            <li>
              <Link href="/api-docs" className="text-primary underline-offset-2 hover:underline" onClick={() => setOpen(false)}>
                {t("apiReference")}
              </Link>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className={buttonClass("secondary", "mt-4 w-full")}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void signOut({ callbackUrl: "/signin" });
          }}
        >
          {t("signOut")}
        </button>
      </div>
    </div>
  );
}
