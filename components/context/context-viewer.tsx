"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { ContextView } from "@/lib/benchmarks/types";
import { Passage } from "@/components/context/passage";
import type { TextSize } from "@/components/context/scroll-region";
import { Transcript } from "@/components/context/transcript";
import { regionLabel, viewLabel } from "@/components/context/view-labels";

export interface ContextViewerProps {
  /** named views in display order */
  views: Record<string, ContextView>;
  /** the view shown first (and its tab first); the first view when absent or unknown */
  defaultView?: string;
  /** tab order; by default the default view, then the others as given (jsonb does not keep key order) */
  order?: string[];
  /** accessible name for the text region(s) and the tab list, e.g. "Conversation" */
  label?: string;
  /** display names per view key; defaults come from viewLabel() */
  viewLabels?: Record<string, string>;
  size?: TextSize;
  /** classes for the scrolling box (height limit) */
  regionClassName?: string;
  /** called when the reader switches views */
  onViewChange?: (view: string) => void;
  /** several views: tabs, or all of them side by side on wide screens (stacked on phones) */
  layout?: "tabs" | "side-by-side";
  /** heading level of each view's name when side by side */
  headingLevel?: 3 | 4;
}

function ViewBody({ view, label, size, regionClassName }: { view: ContextView; label: string; size?: TextSize; regionClassName?: string }) {
  return view.type === "conversation" ? (
    <Transcript turns={view.turns} label={label} size={size} regionClassName={regionClassName} />
  ) : (
    <Passage paragraphs={view.paragraphs} label={label} size={size} regionClassName={regionClassName} />
  );
}

function tabOrder(keys: string[], defaultView: string | undefined, order: string[] | undefined): string[] {
  const first = (order ?? (defaultView ? [defaultView] : [])).filter((k) => keys.includes(k));
  return [...first, ...keys.filter((k) => !first.includes(k))];
}

// One context with its views. Several views get tabs (WAI-ARIA tabs pattern: arrow keys,
// Home/End, selection follows focus); one view is shown as it is.
export function ContextViewer(props: ContextViewerProps) {
  const keys = tabOrder(Object.keys(props.views), props.defaultView, props.order);
  if (props.layout === "side-by-side" && keys.length > 1) return <SideBySide {...props} keys={keys} />;
  return <Tabbed {...props} />;
}

// Views compared with each other (a script and the conversation made from it): each under its
// own heading, two columns from medium screens up.
function SideBySide({ views, keys, label, viewLabels, size, regionClassName, headingLevel = 3 }: ContextViewerProps & { keys: string[] }) {
  const t = useTranslations("context");
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {keys.map((key) => {
        const name = viewLabels?.[key] ?? viewLabel(key, t);
        return (
          <div key={key} className="min-w-0 space-y-2">
            <Heading className="text-lg font-semibold">
              {name}
            </Heading>
            <ViewBody view={views[key]!} label={regionLabel(views[key]!, label, name, t)} size={size} regionClassName={regionClassName} />
          </div>
        );
      })}
    </div>
  );
}

function Tabbed({ views, defaultView, order, label, viewLabels, size, regionClassName, onViewChange }: ContextViewerProps) {
  const t = useTranslations("context");
  const keys = tabOrder(Object.keys(views), defaultView, order);
  const [chosen, setSelected] = useState(defaultView && views[defaultView] ? defaultView : keys[0]);
  // new views without a remount (a browser paging through contexts): fall back to the first
  const selected = chosen && views[chosen] ? chosen : keys[0];
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const nameOf = (key: string) => viewLabels?.[key] ?? viewLabel(key, t);

  if (!selected || !views[selected]) return <p className="text-muted">{t("nothing")}</p>;
  const current = views[selected];
  if (keys.length === 1) {
    return <ViewBody view={current} label={regionLabel(current, label, null, t)} size={size} regionClassName={regionClassName} />;
  }

  function select(index: number) {
    const key = keys[(index + keys.length) % keys.length]!;
    setSelected(key);
    onViewChange?.(key);
    tabs.current[keys.indexOf(key)]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: keys.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div>
      <div role="tablist" aria-label={label ? t("viewsOf", { label }) : t("views")} className="mb-3 flex flex-wrap gap-1 border-b border-line">
        {keys.map((key, i) => {
          const active = key === selected;
          return (
            <button
              key={key}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`-mb-px min-h-11 rounded-t-control border-b-4 px-4 py-2 text-sm font-medium ${
                active ? "border-primary text-primary" : "border-transparent text-muted hover:text-ink"
              }`}
            >
              {nameOf(key)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${keys.indexOf(selected)}`}>
        <ViewBody view={current} label={regionLabel(current, label, nameOf(selected), t)} size={size} regionClassName={regionClassName} />
      </div>
    </div>
  );
}
