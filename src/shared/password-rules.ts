/** The password lengths the server enforces (schemas/auth.ts), without zod, for forms that check before sending. */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but a cap keeps a huge body from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;
