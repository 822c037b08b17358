"use client";

import { useContext, useState, type ReactNode } from "react";
import { SectionLevel } from "@/components/studies/form-controls";
import { fieldId } from "@/components/studies/form-errors";

// Pieces of the form's layout beside the labelled controls: group-level errors, read-only rows,
// and sections that fold away.

/** An error about a whole list or group, focusable from the error summary (its id is the field's). */
export function GroupError({ name, errors }: { name: string; errors: Record<string, string> }) {
  if (!errors[name]) return null;
  return (
    <p id={fieldId(name)} tabIndex={-1} className="text-sm font-medium text-danger">
      {errors[name]}
    </p>
  );
}

export function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/**
 * Optional settings that fold away: a native <details>, so it opens with Enter or Space and
 * screen readers announce it as expandable. The summary is the section's heading; `status`
 * says what is set while it is closed. The error summary opens it before focusing a field inside.
 */
export function Collapsible({ id, title, status, defaultOpen = false, children }: { id?: string; title: string; status?: string; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const Heading = useContext(SectionLevel) === 2 ? "h2" : "h3";
  return (
    <details id={id} open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="group min-w-0 rounded-card border border-line bg-surface">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 px-4 py-3 sm:px-6 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="inline-block text-muted transition-transform group-open:rotate-90">
          ▸
        </span>
        <Heading className="text-lg font-semibold">
          {title}
          {status && <span className="ml-2 text-sm font-normal text-muted">({status})</span>}
        </Heading>
      </summary>
      <div className="space-y-4 border-t border-line p-4 sm:p-6">{children}</div>
    </details>
  );
}
