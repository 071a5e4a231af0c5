import type { ZodError } from 'zod';

/** The first message for each field of a failed parse, keyed as the server names them. */
export function issuesByField(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}
