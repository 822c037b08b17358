// Where a finished participant is sent: the study's completion URL with the completion code
// filled in. Prolific's form is https://app.prolific.com/submissions/complete?cc=CODE.
export function completionUrl(template: string | null | undefined, code: string): string | null {
  const raw = template?.trim();
  if (!raw) return null;
  const encoded = encodeURIComponent(code);
  const hasPlaceholder = /\{code\}|\bCODE\b/.test(raw);
  const filled = hasPlaceholder ? raw.replace(/\{code\}/gi, encoded).replace(/\bCODE\b/g, encoded) : raw;
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    return null;
  }
  // only web addresses: a javascript: or data: URL must never be navigated to
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!hasPlaceholder && !url.searchParams.has("cc")) url.searchParams.set("cc", code);
  return url.toString();
}
