import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable token for cookies and emailed links (256 bits, URL-safe). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are high-entropy, so a plain sha256 is enough to store them safely. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random string drawn uniformly from `alphabet`. */
export function randomString(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}
