import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// `Algorithm` is a const enum, which isolated modules cannot read: 2 is its Argon2id member.
const ARGON2ID = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so that "no such account" costs the same time as
// "wrong password" and the two cannot be told apart by a stopwatch.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('fleet-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
