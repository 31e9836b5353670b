import type { SerializedError } from '@reduxjs/toolkit';

type AnyError = { status?: unknown; data?: unknown } | SerializedError | undefined;

/** The server's messages for one field (`errors: { field: [messages] }`, keys may carry a prefix). */
export function fieldErrors(error: AnyError, field: string): string | undefined {
  const errors = (error && 'data' in error ? (error.data as { errors?: Record<string, unknown> } | undefined)?.errors : undefined);
  if (!errors || typeof errors !== 'object') return undefined;
  const texts = Object.entries(errors)
    .filter(([key]) => key === field || key.endsWith(`.${field}`) || key.endsWith(`/${field}`))
    .flatMap(([, value]) => (Array.isArray(value) ? value.map(String) : [String(value)]));
  return texts.length ? texts.join(', ') : undefined;
}
