import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/options";
import { pool } from "@/lib/db/pool";
import { createUser } from "@/lib/users/service";

// Sign-in failures slow down the next attempt for the same (email, client address), doubling
// each time after three free tries, instead of locking the account: an attacker elsewhere can
// never lock the real user out. The client address comes from the socket (the header Sally's
// server sets), never from a client-sent X-Forwarded-For unless TRUST_PROXY says a proxy set it.
type Outcome = "ok" | "wrong" | "delayed";

interface Credentials {
  options: { authorize: (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown> };
}
const provider = authOptions.providers[0] as unknown as Credentials;

async function attempt(email: string, password: string, headers: Record<string, string>): Promise<Outcome> {
  try {
    return (await provider.options.authorize({ email, password }, { headers })) ? "ok" : "wrong";
  } catch (err) {
    if (/^TooManyAttempts/.test((err as Error).message)) return "delayed";
    throw err;
  }
}

/** Lets the current delay pass at once (the test must not sleep). */
const delayPassed = () => pool().query(`UPDATE "AuthThrottle" SET "lockedUntil" = now() - interval '1 millisecond'`);

const from = (peer: string, extra: Record<string, string> = {}) => ({ "x-sally-peer": peer, ...extra });

let user: { email: string; password: string };
beforeEach(async () => {
  const email = `u-${randomUUID()}@x.test`;
  await createUser({ actorId: null, input: { email, name: "U", role: "researcher", password: "the-right-password" } });
  user = { email, password: "the-right-password" };
});

describe("sign-in throttle: progressive delay per (email, client address)", () => {
  it("an attacker's failures elsewhere never stop the real user signing in at once", async () => {
    const attacker = from("203.0.113.9");
    for (let i = 0; i < 12; i++) {
      await attempt(user.email, `guess-${i}`, attacker);
      await delayPassed();
    }
    expect(await attempt(user.email, "guess-x", attacker)).toBe("wrong");
    expect(await attempt(user.email, "guess-y", attacker)).toBe("delayed"); // the attacker waits
    expect(await attempt(user.email, user.password, from("198.51.100.7"))).toBe("ok"); // the user does not
  });

  it("three tries are free, then each failure delays the next attempt, unchecked, until the delay passes", async () => {
    const me = from("198.51.100.7");
    expect(await attempt(user.email, "a", me)).toBe("wrong");
    expect(await attempt(user.email, "b", me)).toBe("wrong");
    expect(await attempt(user.email, "c", me)).toBe("wrong");
    expect(await attempt(user.email, user.password, me)).toBe("delayed"); // even the right password waits
    await delayPassed();
    expect(await attempt(user.email, user.password, me)).toBe("ok");
    // after a success nothing is held against the pair: a typo does not make the user wait
    expect(await attempt(user.email, "typo", me)).toBe("wrong");
    expect(await attempt(user.email, user.password, me)).toBe("ok");
  });

  it("a burst of parallel guesses gets no more than the free tries checked", async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(user.email, `burst-${i}`, from("203.0.113.9"))));
    expect(outcomes.filter((o) => o === "wrong")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "delayed")).toHaveLength(17);
  });

  it("people signing in at once from one address (a lab behind one NAT) are all let in: no one waits on another's attempt", async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const email = `lab-${i}-${randomUUID()}@x.test`;
        await createUser({ actorId: null, input: { email, name: "L", role: "annotator", password: "lab-password-1" } });
        return email;
      }),
    );
    const outcomes = await Promise.all(people.map((email) => attempt(email, "lab-password-1", from("198.51.100.7"))));
    expect(outcomes).toEqual(people.map(() => "ok"));
  });

  it("without TRUST_PROXY a client-sent X-Forwarded-For is ignored: rotating it does not buy new tries", async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 5; i++) outcomes.push(await attempt(user.email, `rot-${i}`, from("203.0.113.9", { "x-forwarded-for": `10.0.0.${i}` })));
    expect(outcomes).toEqual(["wrong", "wrong", "wrong", "delayed", "delayed"]);
  });

  it("one address spraying many accounts is slowed down too", async () => {
    const sprayer = from("203.0.113.66");
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 60; i++) outcomes.push(await attempt(`nobody-${i}-${randomUUID()}@x.test`, "pw", sprayer));
    expect(outcomes.slice(0, 50).every((o) => o === "wrong")).toBe(true);
    expect(outcomes.slice(51)).toContain("delayed");
  });
});
