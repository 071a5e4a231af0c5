import { ApiError } from './api-client';

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** The message to show for a failed call: the server's words for a 4xx, a generic one otherwise. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return UNEXPECTED_ERROR;
}

export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
