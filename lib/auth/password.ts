import { hash, verify } from "@node-rs/argon2";

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
// `algorithm: 2` is Algorithm.Argon2id; the enum is const and cannot be imported under isolatedModules.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against this when the email is unknown keeps response times alike, so timing
// does not reveal which emails have accounts.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hash("not-a-real-password", OPTIONS);
  return dummy;
}
