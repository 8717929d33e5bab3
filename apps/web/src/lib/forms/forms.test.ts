import {
  memberEndpoints,
  mobileNum,
  passwordEmailBody,
  smsCode,
  transferBody,
  usernameLoginBody,
  validateRegistration,
  type RegisterSetting,
} from '@app/contract';
import type { ResolverOptions, UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/index.ts';
import { textFor, typedAmount } from './amount.ts';
import { applyApiError } from './applyApiError.ts';
import { addFieldIssues, contractResolver, requestBody } from './contractResolver.ts';
import { CONTRACT_MESSAGE_KEYS } from './messages.ts';

/** What react-hook-form hands a resolver, for forms without DOM fields. */
const optionsFor = <In extends Record<string, unknown>>(): ResolverOptions<In> => ({
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
});
const resolve = async <In extends Record<string, unknown>, Out>(
  schema: z.ZodType<Out, In>,
  values: In,
  translate = (m: string) => `«${m}»`,
) => contractResolver(schema, translate)(values, undefined, optionsFor<In>());

describe('contract resolvers', () => {
  it('hand the parsed body to submit: trimmed, defaults applied', async () => {
    const result = await resolve(usernameLoginBody.pick({ username: true, password: true }), {
      username: '  ana ',
      password: ' x ',
    });
    expect(result).toEqual({ values: { username: 'ana', password: 'x' }, errors: {} });
  });

  it('put each message in the reader’s words, nested fields included', async () => {
    const schema = z.object({ rows: z.array(z.object({ code: smsCode })), name: usernameLoginBody.shape.username });
    const result = await resolve(schema, { rows: [{ code: '123456' }, { code: '12' }], name: ' ' });
    expect(result.values).toEqual({});
    expect(result.errors.name?.message).toBe('«Input cannot be empty»');
    expect(Array.isArray(result.errors.rows)).toBe(true);
    expect(result.errors.rows?.[1]?.code?.message).toBe('«Please enter a valid verification code»');
    expect(result.errors.rows?.[0]).toBeUndefined();
  });

  it('layer the form’s own rules and the setting’s checks on the contract schema', async () => {
    const setting: RegisterSetting = {
      mobileRegistration: true,
      usernameRegistration: true,
      smsVerification: false,
      captcha: false,
      smsExpiredMinutes: 5,
      fields: [],
    };
    const schema = usernameLoginBody
      .pick({ password: true })
      .extend({ confirmPassword: z.string() })
      .superRefine((v, ctx) =>
        addFieldIssues(
          ctx,
          validateRegistration(
            setting,
            { ...v, agreeTerms: true, ageConfirmed: true, birthday: '1990-01-15' },
            'mobile',
          ),
          (issue) => issue.key,
        ),
      );
    const result = await resolve(schema, { password: 'abc123', confirmPassword: 'abc124' });
    expect(result.errors.confirmPassword?.message).toBe('«confirm_password_mismatch»');
    expect((result.errors as Record<string, { message?: string }>).mobileNum?.message).toBe('«field_required»');
  });

  it('find an endpoint’s body, and refuse one without', () => {
    expect(requestBody(memberEndpoints.reauth).shape.password).toBeDefined();
    expect(() => requestBody(memberEndpoints.security)).toThrow(/no request body/);
  });
});

describe('form fields typed as text', () => {
  const pt = { exponent: 2, locale: 'pt' };

  it('read money by the site’s rules, then check it with the contract’s amount schema', () => {
    const amount = typedAmount(pt, transferBody.shape.amount, 'ag_err_amount');
    expect(amount.parse('1.234,5')).toBe('123450');
    expect(amount.safeParse('0').error?.issues.map((i) => i.message)).toEqual(['ag_err_amount']);
    expect(amount.safeParse('1e3').error?.issues.map((i) => i.message)).toEqual(['ag_err_amount']);
    const withZero = typedAmount(pt, transferBody.shape.amount, 'ag_err_amount', { zero: true });
    // Zero reads, and the contract (a transfer moves something) refuses it in its own words.
    expect(withZero.safeParse('0').error?.issues.map((i) => i.message)).toEqual([
      'Enter an amount in whole minor units',
    ]);
  });

  it('read counts and choices for the contract’s number schemas', () => {
    const count = textFor(z.coerce.number().int().min(1).max(500), z.string().regex(/^\d+$/, 'ag_err_number'));
    expect(count.parse('12')).toBe(12);
    expect(count.safeParse('x').error?.issues[0]?.message).toBe('ag_err_number');
    expect(count.safeParse('501').success).toBe(false);
    const optional = textFor(z.coerce.number().int().positive().optional(), z.string(), (t) => t || undefined);
    expect(optional.parse('')).toBeUndefined();
    expect(optional.parse('7')).toBe(7);
  });
});

describe('contract messages with a translation', () => {
  it('cover what the contract’s shared field schemas say', () => {
    const messages = (schema: z.ZodType, value: unknown) =>
      schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    for (const message of [
      ...messages(mobileNum, ''),
      ...messages(mobileNum, '12ab'),
      ...messages(smsCode, '1'),
      ...messages(usernameLoginBody.shape.username, ''),
      ...messages(passwordEmailBody.shape.email, 'not-an-email'),
    ])
      expect(CONTRACT_MESSAGE_KEYS[message], message).toBeDefined();
    expect(CONTRACT_MESSAGE_KEYS['Invalid phone number format']).toBe('mobile_login_invalid');
  });
});

describe('server field errors', () => {
  const failure = (fields: Record<string, string>) =>
    new ApiError({ code: 'VALIDATION_FAILED', message: 'Bad request', status: 400, fields });

  it('land on their fields; the rest is the form’s message', () => {
    const set: Record<string, string | undefined> = {};
    const setError = ((name: string, error: { message?: string }) => {
      set[name] = error.message;
    }) as UseFormSetError<{ username: string; email: string }>;
    expect(applyApiError(failure({ username: 'Taken' }), ['username', 'email'], setError, 'Try again')).toBeNull();
    expect(set).toEqual({ username: 'Taken' });
    expect(applyApiError(failure({ username: 'Taken', other: 'x' }), ['username'], setError, 'Try again')).toBe(
      'Bad request',
    );
    expect(
      applyApiError(failure({ email: 'Bad' }), ['email'], setError, 'Try again', {
        fields: { email: 'E-mail inválido' },
        message: 'Tente de novo',
      }),
    ).toBeNull();
    expect(set.email).toBe('E-mail inválido');
    expect(applyApiError(new Error('boom'), ['email'], setError, 'Try again')).toBe('Try again');
    expect(applyApiError(failure({}), ['email'], setError, 'Try again', { message: 'Tente de novo' })).toBe(
      'Tente de novo',
    );
  });
});
