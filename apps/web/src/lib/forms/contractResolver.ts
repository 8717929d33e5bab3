import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Endpoint, FieldIssue } from '@app/contract';
import type { z } from 'zod';

/** A field error's message, or a nested group of them (arrays and objects of fields). */
const translateErrors = <T extends FieldValues>(
  errors: FieldErrors<T>,
  translate: (message: string) => string,
): FieldErrors<T> => {
  const out: Record<string, unknown> = {};
  for (const [name, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') out[name] = error;
    else if (typeof (error as FieldError).type === 'string')
      out[name] = { ...error, message: translate((error as FieldError).message ?? '') };
    else out[name] = translateErrors(error as FieldErrors, translate);
  }
  // Field arrays keep their shape: an array of rows stays an array.
  return (Array.isArray(errors) ? Object.assign([], out) : out) as FieldErrors<T>;
};

/**
 * A react-hook-form resolver from a contract request schema (with the form's own rules layered on
 * it: `.pick`, `.extend`, `.superRefine`), so a form refuses what the server would refuse. The
 * schema's messages are the contract's English words (what the server puts in `fields`) or the
 * form's translation keys; `translate` turns each into the reader's language (`useFormMessages`).
 * Submit handlers receive the parsed values: trimmed, defaults applied.
 */
export const contractResolver = <In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
  translate: (message: string) => string,
): Resolver<In, unknown, Out> => {
  const resolve = zodResolver<In, unknown, Out, z.ZodType<Out, In>>(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (!Object.keys(result.errors).length) return result;
    return { values: {}, errors: translateErrors<In>(result.errors, translate) };
  };
};

/**
 * Adds the issues of a contract check that needs more than the body (the brand's register
 * setting: `validateRegistration`, `validateNewPassword`) to a form schema's refinement, each in
 * the reader's words.
 */
export const addFieldIssues = (
  ctx: z.RefinementCtx,
  issues: Record<string, FieldIssue>,
  text: (issue: FieldIssue) => string,
): void => {
  for (const [name, issue] of Object.entries(issues))
    ctx.addIssue({ code: 'custom', path: name.split('.'), message: text(issue) });
};

/** An endpoint's request body schema, for forms built on it (a contract endpoint without one is a bug). */
export const requestBody = <E extends Endpoint>(endpoint: E): NonNullable<E['body']> => {
  if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} has no request body`);
  return endpoint.body as NonNullable<E['body']>;
};
