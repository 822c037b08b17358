// Speaker colours for transcripts. Each has at least 5:1 contrast on the surface and page
// backgrounds (WCAG AA for text), and is always paired with the speaker's name, never alone.
export const SPEAKER_PALETTE = [
  "#1d4ed8", // blue
  "#9a3412", // rust
  "#067647", // green
  "#6d28d9", // violet
  "#be185d", // pink
  "#0e7490", // cyan
  "#8a4b00", // brown
  "#3f6212", // olive
  "#115e59", // teal
  "#a21caf", // magenta
] as const;

/** Colours by order of first appearance, so the same transcript always looks the same. */
export function speakerColors(speakers: Iterable<string>): Map<string, string> {
  const colors = new Map<string, string>();
  for (const s of speakers) {
    if (!colors.has(s)) colors.set(s, SPEAKER_PALETTE[colors.size % SPEAKER_PALETTE.length]!);
  }
  return colors;
}
