import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { fromAppError, problem, zodInvalidParams } from "@/lib/http/problem";

describe("problem+json", () => {
  it("has the RFC 9457 fields and the problem content type", async () => {
    const res = problem("conflict", "Already there.");
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toEqual({ type: "/problems/conflict", title: "Conflict", status: 409, detail: "Already there.", code: "conflict" });
  });

  it("maps zod issues to invalid_params with dotted paths", () => {
    const schema = z.object({ a: z.object({ b: z.number() }), c: z.string() });
    const result = schema.safeParse({ a: { b: "x" }, c: 1 });
    expect(result.success).toBe(false);
    const params = zodInvalidParams(result.error!);
    expect(params.map((p) => p.name)).toEqual(["a.b", "c"]);
  });

  it("carries an AppError's code, message and invalid params", async () => {
    const res = fromAppError(new AppError("invalid_input", "Bad.", { invalidParams: [{ name: "x", reason: "no" }] }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "invalid_input", detail: "Bad.", invalid_params: [{ name: "x", reason: "no" }] });
  });
});
