import { formatBytes, formatBytesOf, formatCount, percent } from "@/components/datasets/format";
import type { PhaseProgress } from "@/components/datasets/use-import";

function phaseText(p: PhaseProgress): string {
  const share = `${percent(p.bytes, p.total)}%`;
  switch (p.phase) {
    case "upload":
      return p.bytes >= p.total && p.total > 0 ? `Uploaded ${formatBytes(p.total)}` : `Uploading ${formatBytesOf(p.bytes, p.total)}`;
    case "receive":
      return `Receiving on the server: ${formatBytesOf(p.bytes, p.total)}`;
    case "import":
      return `Importing: ${formatCount(p.records ?? 0)} records (${share} of the file read)`;
  }
}

const barClass =
  "block h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-primary";

// One determinate bar per phase. Each bar is named by its text, which screen readers read on
// focus; phase changes are announced separately (the figures change too often to announce).
export function ImportProgress({ phases }: { phases: PhaseProgress[] }) {
  return (
    <ul className="space-y-3" aria-label="Import progress">
      {phases.map((p) => {
        const id = `import-progress-${p.phase}`;
        return (
          <li key={p.phase} className="space-y-1">
            <p id={id} className="text-sm tabular-nums">
              {phaseText(p)}
            </p>
            <progress aria-labelledby={id} max={100} value={percent(p.bytes, p.total)} className={barClass}>
              {percent(p.bytes, p.total)}%
            </progress>
          </li>
        );
      })}
    </ul>
  );
}
