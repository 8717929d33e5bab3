import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { bearer, createMember, login } from '../../../../test/factories/account.ts';
import { listAudit } from '../../operator/data.ts';
import { createOperator } from '../../operator/service.ts';

let t: TestApp;
let admin: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_BOOTSTRAP_PASSWORD: 'Bootstrap#1' } });
  const merchantId = await t.ctx.merchants.resolveId('localhost');
  await createOperator(t.ctx.db, { merchantId, username: 'fin2', password: 'Finance#1', role: 'finance', demo: true });
  const op = (username: string, password: string) =>
    t.call<{ token: string }>({ method: 'POST', url: '/wps/operator/session/login', payload: { username, password } });
  admin = (await op('admin', 'Bootstrap#1')).body.value.token;
  finance = (await op('fin2', 'Finance#1')).body.value.token;
});
afterAll(() => t.close());

const settings = {
  passwordExpiry: { enabled: false, days: 90 },
  extraVerification: { enabled: false, methods: ['sms', 'email'] },
  trialPlayMoney: '500000',
};

describe('account settings (operator)', () => {
  it('admins change them, audited; others and members cannot; no brand-wide default password exists', async () => {
    const get = await t.call<typeof settings>({
      method: 'GET',
      url: '/wps/operator/account/settings',
      headers: bearer(admin),
    });
    expect(get.body.value).toMatchObject({ trialPlayMoney: '200000' });
    expect(get.body.value).not.toHaveProperty('defaultPassword');
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/wps/operator/account/settings',
          headers: bearer(finance),
          payload: settings,
        })
      ).status,
    ).toBe(403);
    const m = await createMember(t.ctx);
    const memberToken = (await login(t, { username: m.username, password: m.password })).body.value.token;
    expect(
      (await t.call({ method: 'GET', url: '/wps/operator/account/settings', headers: bearer(memberToken) })).status,
    ).toBe(401);

    const put = await t.call<typeof settings>({
      method: 'PUT',
      url: '/wps/operator/account/settings',
      headers: bearer(admin),
      payload: settings,
    });
    expect(put.body.value).toEqual(settings);
    const merchantId = await t.ctx.merchants.resolveId('localhost');
    const audit = (await listAudit(t.ctx.db, merchantId)).find((a) => a.action === 'account.settings');
    expect(audit?.detail).toMatchObject({ after: { trialPlayMoney: '500000' } });
    expect(audit?.detail).toHaveProperty('before.trialPlayMoney');

    const trial = await t.call<{ playBalance: string }>({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { 'x-gateway-version': '3' },
      payload: { platform: 'W' },
    });
    expect(trial.body.value.playBalance).toBe('500000');
  });

  it('refuses bad values field by field and keeps the old ones', async () => {
    const bad = await t.call({
      method: 'PUT',
      url: '/wps/operator/account/settings',
      headers: bearer(admin),
      payload: {
        ...settings,
        passwordExpiry: { enabled: true, days: 0 },
        trialPlayMoney: '12.50',
        extraVerification: { enabled: true, methods: ['pigeon'] },
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual([
      'extraVerification.methods.0',
      'passwordExpiry.days',
      'trialPlayMoney',
    ]);
    const get = await t.call<typeof settings>({
      method: 'GET',
      url: '/wps/operator/account/settings',
      headers: bearer(admin),
    });
    expect(get.body.value.trialPlayMoney).toBe('500000');
  });
});
