import { useTranslations } from "next-intl";
import type { Turn } from "@/lib/benchmarks/types";
import { segmentsOf } from "@/components/context/segments";
import { ScrollRegion, textSizeClass, type TextSize } from "@/components/context/scroll-region";
import { speakerColors } from "@/components/context/speakers";

export interface TranscriptProps {
  turns: Turn[];
  /** accessible name of the scrolling region, e.g. "Conversation" */
  label?: string;
  size?: TextSize;
  /** classes for the scrolling box (height limit); default max-h-[32rem] */
  regionClassName?: string;
}

// A conversation as a readable transcript: numbered turns, each speaker's name in its own
// colour (the name is always written, so colour is never the only cue), segment breaks marked.
export function Transcript({ turns, label, size = "base", regionClassName }: TranscriptProps) {
  const t = useTranslations("context");
  const colors = speakerColors(turns.map((t) => t.speaker));
  const segments = segmentsOf(turns);
  const marked = segments.length > 1;
  if (turns.length === 0) return <p className="text-muted">{t("noTurns")}</p>;
  return (
    <ScrollRegion label={label ?? t("conversation")} className={regionClassName}>
      <div className={`px-3 py-2 sm:px-4 ${textSizeClass[size]}`}>
        {segments.map((segment) => (
          <div key={segment.ordinal} role={marked ? "group" : undefined} aria-label={marked ? t("segment", { number: segment.ordinal }) : undefined}>
            {marked && (
              <div className="my-3 flex items-center gap-3 text-sm font-semibold text-muted" aria-hidden="true">
                <span className="h-px flex-1 bg-line" />
                <span>{t("segment", { number: segment.ordinal })}</span>
                <span className="h-px flex-1 bg-line" />
              </div>
            )}
            <ol className="space-y-1" start={segment.turns[0]!.number}>
              {segment.turns.map(({ turn, number }) => {
                const color = colors.get(turn.speaker);
                return (
                  <li key={number} className="flex gap-2 py-1.5 sm:gap-3">
                    <span className="w-7 shrink-0 pt-0.5 text-right text-sm tabular-nums text-muted sm:w-9">
                      <span className="sr-only">{t("turn")} </span>
                      {number}
                    </span>
                    <div className="min-w-0 flex-1 border-l-4 pl-3" style={{ borderColor: color }}>
                      <p className="font-semibold" style={{ color }}>
                        {turn.speaker}
                        <span className="sr-only">:</span>
                      </p>
                      <p className="whitespace-pre-wrap break-words">{turn.text}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
      </div>
    </ScrollRegion>
  );
}
