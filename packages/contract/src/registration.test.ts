import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './member.ts';
import { ruleOf } from './patterns.ts';
import { ageOn, validateRegistration } from './registration.ts';
import type { RegisterSetting } from './system.ts';

const setting = (over: Partial<RegisterSetting> = {}, fields: RegisterSetting['fields'] = []): RegisterSetting => ({
  mobileRegistration: true,
  usernameRegistration: true,
  smsVerification: true,
  captcha: false,
  smsExpiredMinutes: 5,
  fields: [
    { field: 'username', enabled: true, required: true, rule: ruleOf('LETTER_FIRST_ALNUM', 6, 16) },
    { field: 'password', enabled: true, required: true, rule: ruleOf('LETTERS_AND_DIGITS', 6, 20) },
    { field: 'mobileNum', enabled: true, required: false, rule: ruleOf('DIGITS', 8, 13) },
    { field: 'email', enabled: true, required: false, rule: ruleOf('EMAIL', 6, 60) },
    { field: 'payeeName', enabled: true, required: true, rule: ruleOf('ENGLISH_SPACES', 2, 50) },
    { field: 'qqNum', enabled: false, required: false, rule: ruleOf('DIGITS', 5, 12) },
    { field: 'affiliateCode', enabled: true, required: false, rule: ruleOf('ALPHANUMERIC', 4, 16) },
    ...fields,
  ],
  ...over,
});

const good = {
  username: 'player01',
  password: 'abc12345',
  confirmPassword: 'abc12345',
  payeeName: 'John Smith',
  agreeTerms: true,
  ageConfirmed: true,
  birthday: '1990-01-15',
};

describe('validateRegistration', () => {
  it('passes a complete username registration', () => {
    expect(validateRegistration(setting(), good, 'username')).toEqual({});
  });

  it('applies the server rules with min and max in the message', () => {
    const out = validateRegistration(
      setting(),
      { ...good, username: '1abc', password: 'abcdef', confirmPassword: 'abcdef' },
      'username',
    );
    expect(out.username).toEqual({
      key: 'pattern_LETTER_FIRST_ALNUM',
      params: { min: 6, max: 16 },
      message: 'Please enter 6-16 letters or digits, starting with a letter',
    });
    expect(out.password?.message).toBe('Please enter 6-20 characters combining letters and digits');
  });

  it('requires username and password, a matching confirmation, terms and the age confirmation', () => {
    const out = validateRegistration(setting(), { confirmPassword: 'x', payeeName: 'Jo' }, 'username');
    expect(out.username?.message).toBe('Input cannot be empty');
    expect(out.password?.message).toBe('Input cannot be empty');
    expect(
      validateRegistration(setting(), { ...good, confirmPassword: 'abc12346' }, 'username').confirmPassword?.message,
    ).toBe('Confirmation password is not correct.');
    expect(out.agreeTerms?.key).toBe('terms_required');
    expect(out.ageConfirmed?.key).toBe('age_confirm_required');
    expect(out.birthday?.key).toBe('field_required');
  });

  it('shows optional fields only when enabled and requires them per setting', () => {
    expect(validateRegistration(setting(), { ...good, payeeName: '' }, 'username').payeeName?.message).toBe(
      'Input cannot be empty',
    );
    expect(validateRegistration(setting(), { ...good, qqNum: '12345' }, 'username').qqNum?.key).toBe(
      'field_not_accepted',
    );
    expect(validateRegistration(setting(), { ...good, email: 'nope' }, 'username').email?.message).toBe(
      'E-mail format is incorrect',
    );
  });

  it('requires mobile and SMS code on mobile registration; username is optional there', () => {
    const out = validateRegistration(setting(), { ...good, username: undefined }, 'mobile');
    expect(out.mobileNum?.message).toBe('Input cannot be empty');
    expect(out.username).toBeUndefined();
    const noCode = validateRegistration(
      setting(),
      { ...good, mobileNum: '11987654321', countryDialingCode: '+55' },
      'mobile',
    );
    expect(noCode.verificationCode?.message).toBe('Input cannot be empty');
    const badCode = validateRegistration(
      setting(),
      { ...good, mobileNum: '11987654321', countryDialingCode: '55', verificationCode: '12ab56' },
      'mobile',
    );
    expect(badCode.verificationCode?.message).toBe('Please enter a valid verification code');
    const badMobile = validateRegistration(
      setting(),
      { ...good, mobileNum: '12-34', countryDialingCode: '55' },
      'mobile',
    );
    expect(badMobile.mobileNum?.message).toBe('Phone number format is incorrect');
    const noSms = validateRegistration(
      setting({ smsVerification: false }),
      { ...good, mobileNum: '11987654321', countryDialingCode: '55' },
      'mobile',
    );
    expect(noSms).toEqual({});
  });

  it('asks for the captcha when the setting turns it on', () => {
    expect(validateRegistration(setting({ captcha: true }), good, 'username').captcha?.message).toBe(
      'Please enter the captcha',
    );
  });

  it('refuses a birthday under 18 and an impossible date', () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(validateRegistration(setting(), { ...good, birthday: '2008-06-16' }, 'username', today).birthday?.key).toBe(
      'underage',
    );
    expect(
      validateRegistration(setting(), { ...good, birthday: '2008-06-15' }, 'username', today).birthday,
    ).toBeUndefined();
    expect(validateRegistration(setting(), { ...good, birthday: '2001-02-29' }, 'username', today).birthday?.key).toBe(
      'pattern_DATE',
    );
    expect(ageOn('06-15-2008', today)).toBe(18);
  });

  it('takes a referral code as the invitation code even when the field is hidden', () => {
    const s = setting({}, []);
    s.fields = s.fields.map((f) => (f.field === 'affiliateCode' ? { ...f, enabled: false } : f));
    expect(validateRegistration(s, { ...good, referralCode: 'AG01' }, 'username')).toEqual({});
    expect(validateRegistration(s, { ...good, referralCode: 'A!' }, 'username').affiliateCode?.key).toBe(
      'pattern_ALPHANUMERIC',
    );
  });
});

describe('validateNewPassword', () => {
  it('checks the password rule and the confirmation', () => {
    expect(validateNewPassword(setting(), { newPassword: 'abc12345', confirmNewPassword: 'abc12345' })).toEqual({});
    expect(
      validateNewPassword(setting(), { newPassword: 'abcdefgh', confirmNewPassword: 'abcdefgh' }).newPassword?.key,
    ).toBe('pattern_LETTERS_AND_DIGITS');
    expect(
      validateNewPassword(setting(), { newPassword: 'abc12345', confirmNewPassword: 'abc1234' }).confirmNewPassword
        ?.message,
    ).toBe('Confirmation password is not correct.');
    expect(validateNewPassword(setting(), { newPassword: 'abc12345' }, { confirmRequired: false })).toEqual({});
  });
});
