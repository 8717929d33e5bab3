import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/index.ts';

/**
 * Puts a failed call's per-field messages (envelope `fields`) on the form's fields and returns
 * the message for the form as a whole, or null when every message found its field. `words` gives
 * the reader's words for both when the form translates them (by the error's code); by default the
 * server's own messages show.
 */
export const applyApiError = <T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
  words: { fields?: Record<string, string>; message?: string } = {},
): string | null => {
  if (!isApiError(error)) return fallback;
  const fields = words.fields ?? error.fields;
  let placed = 0;
  for (const [field, message] of Object.entries(fields)) {
    const name = fieldNames.find((f) => f === field);
    if (name) {
      setError(name, { type: 'server', message });
      placed += 1;
    }
  }
  return placed > 0 && placed === Object.keys(fields).length ? null : (words.message ?? (error.message || fallback));
};
