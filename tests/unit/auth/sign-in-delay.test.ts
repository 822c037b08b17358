import { describe, expect, it } from "vitest";
import { delayAfter, THROTTLE } from "@/lib/auth/throttle";
import { signInErrorMessage, tooManyAttempts } from "@/lib/auth/sign-in-errors";

describe("progressive sign-in delay", () => {
  it("is nothing for the free tries, then doubles from one second, capped", () => {
    const free = THROTTLE.pair.free;
    expect(free).toBe(3);
    expect([1, 2].map((n) => delayAfter(n, free))).toEqual([0, 0]);
    expect([3, 4, 5, 6, 12].map((n) => delayAfter(n, free))).toEqual([1, 2, 4, 8, 512]);
    expect(delayAfter(13, free)).toBe(THROTTLE.maxDelaySeconds);
    expect(delayAfter(10_000, free)).toBe(THROTTLE.maxDelaySeconds);
  });

  it("tells the user how long to wait, never whether the email exists", () => {
    expect(signInErrorMessage(tooManyAttempts(1))).toBe("Too many failed attempts. Try again in 1 second.");
    expect(signInErrorMessage(tooManyAttempts(90))).toBe("Too many failed attempts. Try again in 90 seconds.");
    expect(signInErrorMessage(tooManyAttempts(900))).toBe("Too many failed attempts. Try again in 15 minutes.");
    expect(signInErrorMessage("CredentialsSignin")).toBe("The email or password is not right.");
    expect(signInErrorMessage("SomethingElse")).toBe("The email or password is not right.");
  });
});
