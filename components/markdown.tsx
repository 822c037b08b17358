import type { ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { markdownBoxClass } from "@/components/markdown-box";

// Study instructions written by researchers. Raw HTML in the source is dropped, never rendered;
// links only go to web or mail addresses; images show their alt text (no third-party loads).

type Level = 2 | 3 | 4;
const HEADING_CLASS = ["mt-6 text-xl font-semibold", "mt-5 text-lg font-semibold", "mt-4 font-semibold", "mt-4 font-semibold"];

function heading(level: number, depth: number) {
  const Tag = `h${Math.min(level + depth, 6)}` as "h2";
  const Heading = ({ children }: { children?: ReactNode }) => <Tag className={`${HEADING_CLASS[Math.min(depth, 3)]} first:mt-0`}>{children}</Tag>;
  Heading.displayName = `MarkdownH${depth + 1}`;
  return Heading;
}

function componentsFor(level: Level): Components {
  return {
    h1: heading(level, 0),
    h2: heading(level, 1),
    h3: heading(level, 2),
    h4: heading(level, 3),
    h5: heading(level, 3),
    h6: heading(level, 3),
    p: ({ children }) => <p className="mt-3 first:mt-0">{children}</p>,
    ul: ({ children }) => <ul className="mt-3 list-disc space-y-1 pl-6">{children}</ul>,
    ol: ({ children }) => <ol className="mt-3 list-decimal space-y-1 pl-6">{children}</ol>,
    blockquote: ({ children }) => <blockquote className="mt-3 border-l-4 border-line pl-4 text-muted">{children}</blockquote>,
    code: ({ children }) => <code className="rounded bg-bg px-1 font-mono text-[0.9em]">{children}</code>,
    pre: ({ children }) => <pre className="mt-3 overflow-x-auto rounded-control bg-bg p-3">{children}</pre>,
    hr: () => <hr className="my-6 border-line" />,
    a: ({ href, children }) =>
      href ? (
        <a href={href} className="font-medium text-primary underline underline-offset-2" target="_blank" rel="noopener noreferrer">
          {children}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span>{children}</span>
      ),
    img: ({ alt }) => <span>{alt}</span>,
  };
}

const SAFE_LINK = /^(https?:|mailto:)/i;

export interface MarkdownProps {
  source: string;
  /** the heading level a markdown "# Title" becomes, so it sits under the page's own headings */
  headingLevel?: Level;
  className?: string;
}

/** The rendered Markdown without its box: the task page renders it on the server alone (components/task/standalone). */
export function MarkdownContent({ source, headingLevel = 2 }: Omit<MarkdownProps, "className">) {
  return (
    <ReactMarkdown components={componentsFor(headingLevel)} skipHtml urlTransform={(url) => (SAFE_LINK.test(url) ? url : "")}>
      {source}
    </ReactMarkdown>
  );
}

export function Markdown({ source, headingLevel = 2, className = "" }: MarkdownProps) {
  return (
    <div className={markdownBoxClass(className)}>
      <MarkdownContent source={source} headingLevel={headingLevel} />
    </div>
  );
}
