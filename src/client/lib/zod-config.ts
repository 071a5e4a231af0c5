// Zod's core, where the setting lives: the public pages load no schema, so not Zod itself.
import { config } from 'zod/v4/core';

/*
 * Zod compiles object schemas with `new Function` when it can, and finds out whether it can by
 * trying once. The Content-Security-Policy forbids eval (src/server/lib/security-headers.ts), so
 * that try is refused, and the browser reports it as a CSP issue on every page (Lighthouse's
 * "Issues were logged in the Issues panel", best practices). Telling Zod not to try costs nothing
 * it could have used here.
 */
config({ jitless: true });
