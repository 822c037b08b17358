"use client";

import { useTranslations } from "next-intl";
import { useContext, type MouseEvent, type Ref } from "react";
import { SectionLevel } from "@/components/studies/form-controls";
import { fieldId, fieldName, type FieldErrors } from "@/components/studies/form-errors";
import type { ApiProblem } from "@/lib/http/client";

/** Focus the control behind an error; a group (fieldset) gets its first control, and folded sections around it open. */
export function focusField(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  for (let d = el.closest("details"); d; d = d.parentElement?.closest("details") ?? null) d.open = true;
  const target = el.matches("input, select, textarea, button") ? el : el.querySelector<HTMLElement>("input, select, textarea, button") ?? el;
  target.scrollIntoView({ block: "center" });
  target.focus();
}

// The summary above the form: what went wrong, each problem a link to its field. It takes focus
// after a failed submit, and role=alert announces it.
export function ErrorSummary({ ref, errors, problem, design }: { ref: Ref<HTMLDivElement>; errors: FieldErrors; problem?: ApiProblem; design?: string }) {
  const t = useTranslations("console.studies.errors");
  const entries = Object.entries(errors);
  const show = entries.length > 0 || problem;
  const Heading = useContext(SectionLevel) === 2 ? "h2" : "h3";
  return (
    <div ref={ref} tabIndex={-1} className="outline-none focus-visible:outline-3">
      {show && (
        <div role="alert" aria-labelledby="study-error-heading" className="rounded-control border border-danger bg-danger-soft px-4 py-3 text-sm text-danger">
          <Heading id="study-error-heading" className="font-semibold">
            {entries.length === 0 ? t("notSaved") : t("problems", { count: entries.length })}
          </Heading>
          {problem && (entries.length === 0 || problem.code !== "invalid_input") && <p className="mt-1">{problem.detail}</p>}
          {entries.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {entries.map(([name, reason]) => (
                <li key={name}>
                  <a
                    href={`#${fieldId(name)}`}
                    className="underline"
                    onClick={(e: MouseEvent) => {
                      e.preventDefault();
                      focusField(fieldId(name));
                    }}
                  >
                    {fieldName(name, design)}: {reason}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
