import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as studyLink } from "@/app/s/[code]/route";
import { entryParamsSchema } from "@/lib/participants/entry";

// A NUL byte (or any control character) in a study code or a platform id used to reach
// PostgreSQL and answer 500. The study link now sends such a visitor to the "link is not valid"
// page, without touching the database (this unit test has none: reaching it would throw).
function open(code: string, query = "") {
  const path = `/s/${encodeURIComponent(code)}${query}`;
  return studyLink(new NextRequest(`http://localhost:3000${path}`), { params: Promise.resolve({ code }) });
}

describe("control characters in the study link", () => {
  it.each(["AB\u0000CD", "AB\nCD", "AB\u001bCD"])("a code holding %j goes to the bad-link page", async (code) => {
    const res = await open(code);
    expect(res.status).toBe(303);
    // relative: the browser keeps the host it used
    expect(res.headers.get("location")!.startsWith("/s/")).toBe(true);
    const to = new URL(res.headers.get("location")!, "http://participant.example");
    expect(to.pathname.endsWith("/unavailable")).toBe(true);
    expect(to.searchParams.get("reason")).toBe("bad_link");
  });

  it.each(["PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "workerId", "assignmentId", "hitId"])("a %s holding NUL goes to the bad-link page", async (key) => {
    const res = await open("ABCDEF", `?${key}=abc%00def`);
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!, "http://participant.example").searchParams.get("reason")).toBe("bad_link");
  });

  it("the entry schema refuses control characters and keeps ordinary ids", () => {
    expect(entryParamsSchema.safeParse({ PROLIFIC_PID: "5f1a\u0000" }).success).toBe(false);
    expect(entryParamsSchema.safeParse({ workerId: "A1\u0007B" }).success).toBe(false);
    expect(entryParamsSchema.safeParse({ PROLIFIC_PID: "5f1a2b3c4d5e6f7a8b9c0d1e", STUDY_ID: "s-1", SESSION_ID: "x_y" }).success).toBe(true);
  });
});
