// Describe a connection string for humans without ever printing its password.
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const db = u.pathname.replace(/^\//, "") || "(default)";
    return `${u.hostname || "localhost"}:${u.port || "5432"} database "${db}"${u.username ? ` as "${decodeURIComponent(u.username)}"` : ""}`;
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
