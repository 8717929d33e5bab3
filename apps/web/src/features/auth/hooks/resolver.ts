import type { FieldIssue } from '@app/contract';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A field problem as a translation key (the contract's issues and the forms' own checks). */
export const need = (key: string, params?: { min: number; max: number }): FieldIssue => ({
  key,
  message: key,
  ...(params ? { params } : {}),
});

/**
 * A react-hook-form resolver from a function that returns one issue per failing field, so the
 * forms run the very checks the server runs (contract validateRegistration and friends).
 */
export const issueResolver =
  <T extends FieldValues>(
    validate: (values: T) => Record<string, FieldIssue>,
    translate: (i: FieldIssue) => string,
  ): Resolver<T> =>
  async (values) => {
    const issues = validate(values);
    const names = Object.keys(issues);
    if (!names.length) return { values, errors: {} };
    const errors = Object.fromEntries(
      names.map((name) => [name, { type: 'validate', message: translate(issues[name]!) }]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };

export const MOBILE_RE = /^\d{5,15}$/;
export const CODE_RE = /^\d{6}$/;
