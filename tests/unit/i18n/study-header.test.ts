import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { STUDY_HEADER } from "@/lib/i18n/study-header";

// lib/i18n/request.ts picks a page's language by the study proxy.ts names in a request header;
// Next.js passes the proxy's request headers on as x-middleware-request-* (and lists them).

function forwarded(path: string, headers: Record<string, string> = {}) {
  const res = proxy(new NextRequest(`http://localhost:3000${path}`, { headers }));
  const list = (res.headers.get("x-middleware-override-headers") ?? "").split(",");
  return { value: res.headers.get(`x-middleware-request-${STUDY_HEADER}`), listed: list.includes(STUDY_HEADER) };
}

describe("the study a page belongs to", () => {
  it("is named for participant pages, from the code in the path", () => {
    expect(forwarded("/s/AB12CD/task").value).toBe("AB12CD");
    expect(forwarded("/s/AB%20C/consent").value).toBe("AB C");
    expect(forwarded("/s/XY").value).toBe("XY");
  });

  it("is never taken from the client: a console page drops a sent value, a participant page replaces it", () => {
    const console = forwarded("/datasets", { [STUDY_HEADER]: "EVIL" });
    expect(console.value).toBeNull();
    expect(console.listed).toBe(false);
    expect(forwarded("/s/GOOD/task", { [STUDY_HEADER]: "EVIL" }).value).toBe("GOOD");
  });

  it("is not named for a code that is not valid percent-encoding", () => {
    expect(forwarded("/s/%E0%A4%A/task").value).toBeNull();
  });
});
