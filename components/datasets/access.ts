// Whom a dataset is shared with, as its list row says it to the person looking. Pure, so it is
// unit-tested. A researcher it was shared with learns nothing about the owner's other shares.

export interface AccessFacts {
  ownerId: string | null;
  sharedWithAll: boolean;
  shareCount: number;
}

/** The words, from the console.datasets.sharedWith catalog entries (a translator of that namespace). */
export type SharedWithWords = (key: "all" | "you" | "researchers" | "noOne" | "adminsOnly", values?: Record<string, string>) => string;

export function sharedWithText(viewer: { id: string; role: string }, d: AccessFacts, words: SharedWithWords): string {
  if (d.sharedWithAll) return words("all");
  const manages = viewer.role === "admin" || d.ownerId === viewer.id;
  if (!manages) return words("you");
  if (d.shareCount > 0) return words("researchers", { count: String(d.shareCount), plural: d.shareCount === 1 ? "one" : "other" });
  return d.ownerId ? words("noOne") : words("adminsOnly");
}
