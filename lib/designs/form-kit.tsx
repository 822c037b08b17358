"use client";

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

// The console's form primitives, handed to a design's form section through context. A design's
// folder sits in lib/, below components/, so it cannot import the console's controls; yet its
// section must behave like the rest of the form (ids the error summary links to, hints and errors
// tied to their control, heading levels). The console provides the kit; sections only use it.

/** Errors keyed by the API's invalid_params names, e.g. `config.labelJudgement.prompt`. */
export type FieldErrors = Record<string, string>;

export interface FieldShell {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
}

export interface RadioGroupProps<T extends string> {
  id: string;
  legend: ReactNode;
  name: string;
  options: RadioOption<T>[];
  value: T | "";
  onChange: (value: T) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  inline?: boolean;
}

export interface SectionProps {
  id?: string;
  legend: string;
  description?: ReactNode;
  children: ReactNode;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" | "ghost" };

export interface FormKit {
  Input: ComponentType<FieldShell & InputHTMLAttributes<HTMLInputElement>>;
  Select: ComponentType<FieldShell & SelectHTMLAttributes<HTMLSelectElement>>;
  TextArea: ComponentType<FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>>;
  Checkbox: ComponentType<FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, "type">>;
  RadioGroup: <T extends string>(props: RadioGroupProps<T>) => ReactNode;
  /** a bordered group of settings whose legend is a heading at the form's level */
  Section: ComponentType<SectionProps>;
  /** a heading one level below the section's */
  SubHeading: ComponentType<{ id?: string; children: ReactNode; className?: string }>;
  Button: ComponentType<ButtonProps>;
  /** an error about a whole list or group (not one control), focusable from the error summary */
  GroupError: ComponentType<{ name: string; errors: FieldErrors }>;
  /** one term and its value in a read-only settings list (a <dl>) */
  SummaryRow: ComponentType<{ term: string; children: ReactNode }>;
  /** the DOM id of the control for an invalid_params name */
  fieldId(name: string): string;
}

const FormKitContext = createContext<FormKit | null>(null);

export function FormKitProvider({ kit, children }: { kit: FormKit; children: ReactNode }) {
  return <FormKitContext.Provider value={kit}>{children}</FormKitContext.Provider>;
}

export function useFormKit(): FormKit {
  const kit = useContext(FormKitContext);
  if (!kit) throw new Error("useFormKit: a design's form section was rendered outside the console's FormKitProvider.");
  return kit;
}

/** A button that fills in a benchmark's preset (DIAMONDs' checklists, CharToM-QA's penalties), then
 *  says so in a polite live region beside it: the change is elsewhere in the form, out of sight. */
export function PresetButton({ label, applied, onApply }: { label: string; applied: string; onApply: () => void }) {
  const { Button } = useFormKit();
  const [notice, setNotice] = useState("");
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        onClick={() => {
          onApply();
          setNotice(applied);
        }}
      >
        {label}
      </Button>
      <span className="text-sm text-muted" aria-live="polite">
        {notice}
      </span>
    </div>
  );
}

/** Move focus to an element by id after the next render (call it together with the state update that adds the element). */
export function useFocusAfterRender(): (id: string) => void {
  const target = useRef<string | null>(null);
  useEffect(() => {
    if (!target.current) return;
    document.getElementById(target.current)?.focus();
    target.current = null;
  });
  return useCallback((id: string) => {
    target.current = id;
  }, []);
}

/** A key the server accepts, derived from a label: lower-case letters, digits and _, starting with a letter. */
export function slugKey(label: string): string {
  const slug = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  // a key must start with a letter: "2nd order" becomes "k_2nd_order"
  return (/^[0-9]/.test(slug) ? `k_${slug}` : slug).slice(0, 40).replace(/_+$/, "");
}

/** What a design's section is told about the dataset the study reads. */
export interface DatasetFacts {
  /** false until the researcher picks a dataset (new study) */
  chosen: boolean;
  /** models with imported predictions */
  models: string[];
  /** the contexts' view names */
  views: string[];
  /** the questions' category tags (identifier-like tags left out), in name order */
  tags: string[];
}

export interface DesignSectionProps<D> {
  draft: D;
  update: (change: (draft: D) => D) => void;
  errors: FieldErrors;
  dataset: DatasetFacts;
}

/**
 * A design's part of the console form. The common form keeps one draft per design (typed here by
 * the design, `unknown` to the form) and asks the design to map it to and from its config.
 */
export interface DesignForm<D> {
  /** the design's own settings, as one or more form sections */
  Section: ComponentType<DesignSectionProps<D>>;
  /** the design's settings read-only: rows of a <dl> (SummaryRow) */
  Summary: ComponentType<{ config: unknown }>;
  emptyDraft(): D;
  /** a stored (parsed) config as a draft */
  toDraft(config: unknown): D;
  /** the draft as the design's config input; the design's zod schema validates it */
  toConfig(draft: D): unknown;
  /** another dataset was chosen: drop what belonged to the old one (a model, say) */
  datasetChanged?(draft: D): D;
  /** a human name for one of the design's invalid_params names (`config.…`), for the error summary */
  fieldName?(name: string): string | null;
  /** what to do about one of the design's fields, asked only where zod's wording is generic */
  reasonFor?(name: string): string | null;
  /** what N is called for this design, e.g. "Annotators per unit" */
  nLabel?: string;
  /** what the section's settings are called in the "locked" message, e.g. "checks and decision rule" */
  lockedParts?: string;
}
