import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The tokens the panel signs for a node (app/Services/Nodes/NodeJWTService.php: HS256 with the
 * node's daemon token; iss, aud, jti, iat, nbf five minutes back, exp, user_uuid, user_id,
 * unique_id and the caller's claims) and the check Wings makes (router/tokens/parser.go: the
 * signature and `exp`).
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface NodeClaims {
  exp: number;
  server_uuid: string;
  [claim: string]: unknown;
}

export function signNodeToken(secret: string, claims: NodeClaims & { jti: string }, at = Date.now()): string {
  const now = Math.floor(at / 1000);
  const header = b64({ typ: 'JWT', alg: 'HS256', jti: claims.jti });
  const payload = b64({ iat: now, nbf: now - 300, unique_id: randomBytes(8).toString('hex'), ...claims });
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Wings' errors for a token it refuses; an expired one is a "jwt error" on the socket. */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly jwt: boolean,
  ) {
    super(message);
  }
}

export function verifyNodeToken(secret: string, token: string, now = Date.now()): NodeClaims {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new TokenError('jwt: malformed token', false);
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TokenError('jwt: HMAC verification failed', false);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as NodeClaims;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) throw new TokenError('jwt: exp claim is invalid', true);
  return claims;
}
