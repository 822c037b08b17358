import Markdown from "react-markdown";

const SAFE_LINK = /^(https?:|mailto:)/i;

// Instructions as participants will see them: raw HTML dropped, only web and mail links.
// Stand-in until the participant pages' shared components/markdown.tsx is committed; switch to
// it then so both render the same way.
export function MarkdownPreview({ source }: { source: string }) {
  if (!source.trim()) return <p className="text-sm text-muted">Nothing to preview yet.</p>;
  return (
    <div className="space-y-3 text-base leading-7 [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6">
      <Markdown skipHtml urlTransform={(url) => (SAFE_LINK.test(url) ? url : "")}>
        {source}
      </Markdown>
    </div>
  );
}
