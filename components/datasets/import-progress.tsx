import { useTranslations } from "next-intl";
import { formatBytes, formatBytesOf, percent } from "@/components/datasets/format";
import type { PhaseProgress } from "@/components/datasets/use-import";

type Translate = ReturnType<typeof useTranslations<"console.datasets.progress">>;

function phaseText(p: PhaseProgress, t: Translate): string {
  switch (p.phase) {
    case "upload":
      return p.bytes >= p.total && p.total > 0 ? t("uploaded", { size: formatBytes(p.total) }) : t("uploading", { size: formatBytesOf(p.bytes, p.total) });
    case "receive":
      return t("receiving", { size: formatBytesOf(p.bytes, p.total) });
    case "import":
      return t("importing", { records: p.records ?? 0, share: percent(p.bytes, p.total) });
  }
}

const barClass =
  "block h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-primary";

// One determinate bar per phase. Each bar is named by its text, which screen readers read on
// focus; phase changes are announced separately (the figures change too often to announce).
export function ImportProgress({ phases }: { phases: PhaseProgress[] }) {
  const t = useTranslations("console.datasets.progress");
  return (
    <ul className="space-y-3" aria-label={t("label")}>
      {phases.map((p) => {
        const id = `import-progress-${p.phase}`;
        return (
          <li key={p.phase} className="space-y-1">
            <p id={id} className="text-sm tabular-nums">
              {phaseText(p, t)}
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
