import { describe, expect, it } from "vitest";
import { destinationFor, pathOf, submitOutcome } from "@/components/task/outcomes";
import type { ApiProblem } from "@/lib/http/client";

const fail = (status: number, extra: Record<string, unknown> = {}) => ({
  ok: false as const,
  problem: { status, title: "t", detail: "d", code: "c", ...extra } as ApiProblem,
});

describe("submit outcomes", () => {
  it("treats a new response and a duplicate retry alike: saved", () => {
    expect(submitOutcome({ ok: true, data: { responseId: "r", duplicate: false } })).toEqual({ kind: "saved" });
    expect(submitOutcome({ ok: true, data: { duplicate: true } })).toEqual({ kind: "saved" });
  });

  it("tells an expired lease from other conflicts, naming a message of our own rather than the server's", () => {
    expect(submitOutcome(fail(409, { code: "conflict", reason: "lease_expired" }))).toEqual({ kind: "expired" });
    expect(submitOutcome(fail(409, { code: "conflict", reason: "not_leased", detail: "internal words" }))).toEqual({ kind: "conflict", message: "errors.notLeased" });
  });

  it("a unit answered already (another tab or window, other answers) is said as such: these answers were not saved", () => {
    expect(submitOutcome(fail(409, { code: "conflict", reason: "already_submitted", detail: "internal words" }))).toEqual({ kind: "answered_elsewhere" });
  });

  it("sends the participant where the server says: link, consent, paused or closed page", () => {
    expect(submitOutcome(fail(401))).toEqual({ kind: "leave", destination: { to: "link" } });
    expect(submitOutcome(fail(409, { reason: "consent_required" }))).toEqual({ kind: "leave", destination: { to: "consent" } });
    expect(submitOutcome(fail(409, { reason: "study_paused" }))).toEqual({ kind: "leave", destination: { to: "unavailable", reason: "paused" } });
    expect(submitOutcome(fail(409, { reason: "study_closed" }))).toEqual({ kind: "leave", destination: { to: "unavailable", reason: "closed" } });
  });

  it("keeps field errors of a 422 and reports network trouble as offline", () => {
    const params = [{ name: "payload.answers.label", reason: "Answer it" }];
    expect(submitOutcome(fail(422, { invalid_params: params }))).toEqual({ kind: "invalid", message: "errors.invalid", params });
    expect(submitOutcome(fail(0))).toEqual({ kind: "offline" });
    expect(submitOutcome(fail(502))).toEqual({ kind: "offline" });
  });

  it("a stored stage-1 answer is stage_locked (load stage 2), not an error", () => {
    expect(submitOutcome(fail(409, { reason: "stage_locked" }))).toEqual({ kind: "stage_locked" });
  });

  it("a participant who finished goes to the done page; one excluded sees why", () => {
    expect(destinationFor({ status: 409, code: "conflict", reason: "done" })).toEqual({ to: "done" });
    expect(destinationFor({ status: 409, code: "conflict", reason: "failed_attention" })).toEqual({ to: "unavailable", reason: "failed_attention" });
  });

  it("a unit returned (skipped in another tab, taken back on stopping or exclusion) is an outcome of its own, not a page to leave for: the done page sent an active participant back, and the held answer was sent again, without end", () => {
    expect(destinationFor({ status: 409, code: "conflict", reason: "returned" })).toBeNull();
    expect(submitOutcome(fail(409, { reason: "returned" }))).toEqual({ kind: "returned" });
  });

  it("does not route on a 409 without a known reason", () => {
    expect(destinationFor({ status: 409, code: "conflict" })).toBeNull();
  });

  it("builds the participant paths with the code escaped", () => {
    expect(pathOf("a b", { to: "task" })).toBe("/s/a%20b/task");
    expect(pathOf("abc", { to: "unavailable", reason: "none_left" })).toBe("/s/abc/unavailable?reason=none_left");
    expect(pathOf("abc", { to: "link" })).toBe("/s/abc");
  });
});
