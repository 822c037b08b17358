// Browser-side fetch for our JSON API: returns data, or the problem+json fields to show.
export interface ApiProblem {
  status: number;
  title: string;
  detail: string;
  code: string;
  invalid_params?: { name: string; reason: string }[];
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; problem: ApiProblem };

export async function api<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<ApiResult<T>> {
  const { json, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(url, {
      ...rest,
      headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...rest.headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    return { ok: false, problem: { status: 0, title: "Network error", detail: "Could not reach the server. Check your connection and try again.", code: "network" } };
  }
  const body = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: body as T };
  return {
    ok: false,
    problem: body?.code
      ? (body as ApiProblem)
      : { status: res.status, title: res.statusText, detail: `The server answered ${res.status}.`, code: "unknown" },
  };
}

export function fieldErrors(problem: ApiProblem | undefined): Record<string, string> {
  return Object.fromEntries((problem?.invalid_params ?? []).map((p) => [p.name, p.reason]));
}
