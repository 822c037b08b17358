// Markdown for the dataset card. Names and labels come from researchers and dataset files, so
// each is written as plain text: no table break (|), no line break, no HTML, no link, no emphasis
// (an underscore inside a word is no emphasis in GitHub's Markdown, so snake_case stays as it is).

/** Text safe inside a table cell or a sentence. */
export function cell(text: string): string {
  return text.replace(/\r?\n|\r/g, " ").replace(/[\\`*|<>[\]]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, (c) => `\\${c}`);
}

export function heading(level: number, text: string): string {
  return `${"#".repeat(level)} ${cell(text)}`;
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), `|${header.map(() => " --- ").join("|")}|`, ...rows.map(line)].join("\n");
}

/** A statistic to 3 decimals; "—" when there is none. */
export function figure(x: number | null | undefined): string {
  if (x === null || x === undefined) return "—";
  // -8e-17 is 0: rounding error, not a negative figure ("-0.000")
  return (Math.abs(x) < 0.0005 ? 0 : x).toFixed(3);
}

export function percent(x: number | null | undefined): string {
  return x === null || x === undefined ? "—" : `${(100 * x).toFixed(1)}%`;
}
