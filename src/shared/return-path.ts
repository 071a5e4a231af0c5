/** The longest return path kept: a configurator link with every choice and a server name fits. */
export const RETURN_PATH_MAX = 1000;

/**
 * A path on this site to go back to after signing up or in: it starts with one slash, and has
 * no backslash, no control character and nothing a browser could read as another host
 * ("//evil.example", "/\evil.example", "/\t/evil.example" all are refused), so it is never an
 * open redirect.
 */
export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > RETURN_PATH_MAX) return false;
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  // Browsers drop tabs and newlines in URLs and read a backslash as a slash.
  for (const char of path) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return false;
  }
  return true;
}
