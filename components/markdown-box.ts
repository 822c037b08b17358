// Apart from components/markdown.tsx so that the task page's browser bundle, which shows Markdown
// the server rendered, can use the box without pulling in the Markdown renderer.

/** The classes of the box rendered Markdown sits in. */
export function markdownBoxClass(className = ""): string {
  return `text-base leading-7 ${className}`;
}
