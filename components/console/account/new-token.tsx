"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";

// The token, shown this once: focus lands on it (so it is read out and selected), with a copy button.
export function NewToken({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
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
      setCopied("Copied to the clipboard.");
    } catch {
      input.current?.select();
      setCopied("Copying is not allowed here: the token is selected, press Ctrl+C (⌘C).");
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-card border border-success bg-success-soft p-4">
      <h3 id={`${id}-title`} className="font-semibold">Copy your new token now</h3>
      <p className="text-sm">It is shown only this once; Sally keeps only a hash of it. Store it where your scripts read secrets.</p>
      <div className="space-y-1">
        <label htmlFor={`${id}-token`} className="block text-sm font-medium">
          Token “{name}”
        </label>
        <input id={`${id}-token`} ref={input} readOnly value={secret} className={`${controlClass} font-mono`} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void copy()}>Copy token</Button>
        <Button variant="secondary" onClick={onDone}>
          I have stored it
        </Button>
        <span role="status" className="text-sm">
          {copied}
        </span>
      </div>
    </section>
  );
}
