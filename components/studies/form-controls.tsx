"use client";

import { createContext, useContext, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { controlClass } from "@/components/ui/field";
import type { FieldShell, RadioGroupProps } from "@/lib/designs/form-kit";

// Labelled controls with explicit ids (so the error summary can link to them), hint and error
// text tied to the control with aria-describedby.

function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function Help({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-sm break-words text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </>
  );
}

export function Input({ id, label, hint, error, ...props }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined} className={controlClass} {...props} />
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

export function Select({ id, label, hint, error, children, ...props }: FieldShell & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined} className={controlClass} {...props}>
        {children}
      </select>
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({ id, label, hint, error, ...props }: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        className={`${controlClass} font-mono text-sm`}
        {...props}
      />
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

export function Checkbox({
  id,
  label,
  hint,
  error,
  ...props
}: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-describedby={describedBy(id, hint, error)}
          className="mt-0.5 size-5 shrink-0 accent-primary"
          {...props}
        />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <div className="ml-8">
        <Help id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

// A radio group in a fieldset: the legend names it, each option has its own label.
export function RadioGroup<T extends string>({
  id,
  legend,
  name,
  options,
  value,
  onChange,
  hint,
  error,
  disabled,
  inline = false,
}: RadioGroupProps<T>) {
  return (
    <fieldset id={id} aria-describedby={describedBy(id, hint, error)} disabled={disabled}>
      <legend className="text-sm font-medium">{legend}</legend>
      <Help id={id} hint={hint} error={error} />
      <div className={inline ? "mt-2 flex flex-wrap gap-x-6 gap-y-2" : "mt-2 space-y-2"}>
        {options.map((o) => (
          <div key={o.value} className="flex items-start gap-3">
            <input
              id={`${id}-${o.value}`}
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-describedby={o.hint ? `${id}-${o.value}-hint` : undefined}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <div>
              <label htmlFor={`${id}-${o.value}`} className="text-sm">
                {o.label}
              </label>
              {o.hint && (
                <p id={`${id}-${o.value}-hint`} className="text-sm text-muted">
                  {o.hint}
                </p>
              )}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The heading level of form sections: 2 on a page of its own, 3 under a page section's heading. */
export const SectionLevel = createContext<2 | 3>(2);

export function SubHeading({ id, children, className }: { id?: string; children: ReactNode; className?: string }) {
  const Tag = useContext(SectionLevel) === 2 ? "h3" : "h4";
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/** A bordered group of related settings with a visible legend, which is also a heading. */
export function Section({ id, legend, description, children }: { id?: string; legend: string; description?: ReactNode; children: ReactNode }) {
  const Heading = useContext(SectionLevel) === 2 ? "h2" : "h3";
  return (
    <fieldset id={id} className="min-w-0 space-y-4 rounded-card border border-line bg-surface p-4 sm:p-6">
      <legend className="px-1">
        <Heading className="text-lg font-semibold">{legend}</Heading>
      </legend>
      {description && <div className="text-sm text-muted">{description}</div>}
      {children}
    </fieldset>
  );
}
