import type { ReactNode } from "react";

const tones = {
  error: "border-danger bg-danger-soft text-danger",
  success: "border-success bg-success-soft text-success",
  info: "border-primary bg-primary-soft text-ink",
  warning: "border-warning bg-warning-soft text-warning",
} as const;

// role=alert for errors (announced at once); status for the rest (announced politely).
export function Alert({ tone = "info", children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-control border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
