import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of secrets kept in the database (two-factor secrets), so a copy of the database or
 * a backup alone does not give them away. AES-256-GCM with a key derived from APP_SECRET by
 * HKDF-SHA256; each value names the key it was sealed with, so keys can be rotated:
 * APP_SECRET seals, APP_SECRET_PREVIOUS only opens, and resealing moves values to the current key.
 * See docs/decisions/021-operating-in-production.md.
 */
export interface SecretBox {
  /** True when APP_SECRET is set; without it (development only) values are stored as they are. */
  readonly encrypts: boolean;
  /** The stored form of `plain`, bound to `context` (the row it belongs to, e.g. a user id). */
  seal(plain: string, context: string): string;
  /** The plain value; a value stored before encryption was turned on is answered as it is. */
  open(stored: string, context: string): string;
  /** True when the value is not sealed with the current key (plain, or an older key). */
  needsResealing(stored: string): boolean;
}

const PREFIX = 'enc:v1:';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

interface Key {
  id: string;
  key: Buffer;
}

function deriveKey(secret: string, purpose: string): Key {
  const key = Buffer.from(hkdfSync('sha256', secret, 'spawnpoint', `secrets-at-rest/${purpose}/v1`, 32));
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export function createSecretBox(options: { secret?: string; previous?: readonly string[]; purpose?: string }): SecretBox {
  const purpose = options.purpose ?? 'totp';
  const current = options.secret ? deriveKey(options.secret, purpose) : undefined;
  const keys = new Map<string, Key>();
  for (const k of [current, ...(options.previous ?? []).map((s) => deriveKey(s, purpose))]) if (k) keys.set(k.id, k);

  return {
    encrypts: current !== undefined,

    seal(plain, context) {
      if (!current) return plain;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${current.id}:${iv.toString('base64url')}:${sealed.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
    },

    open(stored, context) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [id, iv, sealed, tag] = stored.slice(PREFIX.length).split(':');
      const key = keys.get(id ?? '');
      if (!key || !iv || !sealed || !tag) {
        throw new SecretBoxError(`A stored secret was sealed with key ${id ?? '?'}, which is neither APP_SECRET nor in APP_SECRET_PREVIOUS`);
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('A stored secret failed its integrity check (altered, or moved to another row)');
      }
    },

    needsResealing(stored) {
      if (!current) return false;
      return !stored.startsWith(`${PREFIX}${current.id}:`);
    },
  };
}
