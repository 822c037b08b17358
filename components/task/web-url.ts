/** Only a web address is ever navigated to (never javascript: or data:). */
export function webUrl(raw: string | null | undefined): string | null {
  try {
    const url = new URL(raw ?? "");
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
