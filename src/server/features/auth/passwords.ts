import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with 19 MiB memory, 2 passes, 1 lane: the OWASP baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Compares a password with a stored hash. Without a hash (unknown account) it still spends the
 * time of one verification, so response times do not reveal which emails have accounts.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('timing-equaliser-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
