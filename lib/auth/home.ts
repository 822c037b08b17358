import type { Role } from "@/lib/db/client";

// Where each role lands after signing in.
export function homeFor(role: Role): string {
  return role === "annotator" ? "/queue" : "/datasets";
}
