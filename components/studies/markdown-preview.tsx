import { useTranslations } from "next-intl";
import { Markdown } from "@/components/markdown";

// Instructions as participants will see them: the participant pages' own renderer (raw HTML
// dropped, only web and mail links). A "# Title" becomes an h4, under the preview's heading.
export function MarkdownPreview({ source }: { source: string }) {
  const t = useTranslations("console.studies.setup");
  if (!source.trim()) return <p className="text-sm text-muted">{t("nothingToPreview")}</p>;
  return <Markdown source={source} headingLevel={4} />;
}
