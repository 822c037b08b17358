// From a route file under app/ to its OpenAPI path: route groups "(x)" leave the URL, "[id]"
// becomes "{id}", and a catch-all "[...nextauth]" one "{nextauth}" parameter standing for
// several segments.

export interface PathParam {
  name: string;
  catchAll: boolean;
}

export function openApiPath(routeFile: string): { path: string; params: PathParam[] } {
  const parts = routeFile.replace(/\\/g, "/").split("/");
  if (parts[0] !== "app" || !/^route\.(ts|js)$/.test(parts.at(-1) ?? "")) throw new Error(`not a route file under app/: ${routeFile}`);
  const params: PathParam[] = [];
  const segments: string[] = [];
  for (const part of parts.slice(1, -1)) {
    if (/^\(.*\)$/.test(part)) continue;
    const dynamic = /^\[(\.\.\.)?([^\]]+)\]$/.exec(part);
    if (dynamic) {
      params.push({ name: dynamic[2]!, catchAll: Boolean(dynamic[1]) });
      segments.push(`{${dynamic[2]}}`);
    } else {
      segments.push(part);
    }
  }
  return { path: `/${segments.join("/")}`, params };
}

/** "post /api/datasets/{id}/shares" → "postDatasetsByIdShares" */
export function operationId(method: string, path: string): string {
  const words = path
    .split("/")
    .filter((s) => s && s !== "api")
    .flatMap((s) => (s.startsWith("{") ? ["by", s.slice(1, -1)] : s.split(/[^A-Za-z0-9]+/)));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}
