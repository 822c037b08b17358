import type { ReactNode } from "react";

export type TextSize = "base" | "large";

export const textSizeClass: Record<TextSize, string> = {
  base: "text-base leading-7",
  large: "text-lg leading-8",
};

// A long text scrolls inside its own box. tabIndex=0 lets keyboard users focus and scroll it,
// and the region's name tells screen-reader users what it holds.
export function ScrollRegion({ label, className = "max-h-[32rem]", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-y-auto rounded-card border border-line bg-surface ${className}`}>
      {children}
    </div>
  );
}
