import type { ButtonHTMLAttributes } from "react";

const variants = {
  primary: "bg-primary text-primary-ink hover:bg-primary/90",
  secondary: "border border-line bg-surface text-ink hover:bg-bg",
  danger: "bg-danger text-primary-ink hover:bg-danger/90",
  ghost: "text-ink hover:bg-bg",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
