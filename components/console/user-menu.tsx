"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

export function UserMenu({ name, email, role }: { name: string; email: string; role: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <details className="relative">
      <summary className={buttonClass("secondary", "cursor-pointer list-none")} aria-label={`Account menu for ${name}`}>
        <span aria-hidden className="grid size-7 place-items-center rounded-full bg-primary text-xs text-primary-ink">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden sm:inline">{name}</span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-64 rounded-card border border-line bg-surface p-4 shadow-lg">
        <p className="font-medium">{name}</p>
        <p className="break-all text-sm text-muted">{email}</p>
        <p className="mt-1 text-sm">
          Role: <span className="font-medium">{role}</span>
        </p>
        <button
          type="button"
          className={buttonClass("secondary", "mt-4 w-full")}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void signOut({ callbackUrl: "/signin" });
          }}
        >
          Sign out
        </button>
      </div>
    </details>
  );
}
