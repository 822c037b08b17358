type State = "draft" | "open" | "paused" | "closed";

const STYLES: Record<State, string> = {
  draft: "border-line bg-bg text-ink",
  open: "border-success bg-success-soft text-success",
  paused: "border-warning bg-warning-soft text-warning",
  closed: "border-line bg-surface text-muted",
};

export const STATE_LABELS: Record<State, string> = { draft: "Draft", open: "Open", paused: "Paused", closed: "Closed" };

/** The study's state as a word (colour only repeats it). */
export function StateBadge({ state }: { state: State }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STYLES[state]}`}>
      <span className="sr-only">State: </span>
      {STATE_LABELS[state]}
    </span>
  );
}
