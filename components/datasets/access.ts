// Whom a dataset is shared with, as its list row says it to the person looking. Pure, so it is
// unit-tested. A researcher it was shared with learns nothing about the owner's other shares.

export interface AccessFacts {
  ownerId: string | null;
  sharedWithAll: boolean;
  shareCount: number;
}

export function sharedWithText(viewer: { id: string; role: string }, d: AccessFacts): string {
  if (d.sharedWithAll) return "Every researcher";
  const manages = viewer.role === "admin" || d.ownerId === viewer.id;
  if (!manages) return "You";
  if (d.shareCount > 0) return d.shareCount === 1 ? "1 researcher" : `${d.shareCount} researchers`;
  return d.ownerId ? "No one" : "No one (admins only)";
}
