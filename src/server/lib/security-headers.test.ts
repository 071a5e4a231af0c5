import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../shared/boot-script';
import { registerSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('allow scripts from the site and the public pages’ boot script by its hash, and no other inline script', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, true);
    app.get('/', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!.trim();
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
