import { useTranslations } from "next-intl";
import { ScrollRegion, textSizeClass, type TextSize } from "@/components/context/scroll-region";

export interface PassageProps {
  paragraphs: string[];
  /** accessible name of the scrolling region, e.g. "Story" */
  label?: string;
  size?: TextSize;
  /** classes for the scrolling box (height limit); default max-h-[32rem] */
  regionClassName?: string;
}

// A narrative text (story, novel excerpt, script) as paragraphs in a scrolling box.
export function Passage({ paragraphs, label, size = "base", regionClassName }: PassageProps) {
  const t = useTranslations("context");
  if (paragraphs.length === 0) return <p className="text-muted">{t("emptyText")}</p>;
  return (
    <ScrollRegion label={label ?? t("text")} className={regionClassName}>
      <div className={`space-y-4 px-4 py-3 ${textSizeClass[size]}`}>
        {paragraphs.map((p, i) => (
          <p key={i} className="whitespace-pre-wrap break-words">
            {p}
          </p>
        ))}
      </div>
    </ScrollRegion>
  );
}
