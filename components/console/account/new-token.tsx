"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";

// The token, shown this once: focus lands on it (so it is read out and selected), with a copy button.
export function NewToken({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const t = useTranslations("console.account.newToken");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string>();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(t("copied"));
    } catch {
      input.current?.select();
      setCopied(t("notCopied"));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-card border border-success bg-success-soft p-4">
      <h3 id={`${id}-title`} className="font-semibold">{t("heading")}</h3>
      <p className="text-sm">{t("once")}</p>
      <div className="space-y-1">
        <label htmlFor={`${id}-token`} className="block text-sm font-medium">
          {t("label", { name })}
        </label>
        <input id={`${id}-token`} ref={input} readOnly value={secret} className={`${controlClass} font-mono`} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>{t("copy")}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t("done")}
        </Button>
        <span role="status" className="text-sm">
          {copied}
        </span>
      </div>
    </section>
  );
}
