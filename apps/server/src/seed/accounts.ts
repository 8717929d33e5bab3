import { MemberType } from '@app/contract';
import type { MerchantService } from '../features/merchant/service.ts';
import type { AccountService } from '../features/identity/members/service.ts';

/**
 * Demo accounts, created through the account service so they obey the brand's rules (the
 * usernames and passwords below pass the demo register setting). Listed in the README.
 */
export const DEMO_ACCOUNTS = {
  member: { username: 'demo01', password: 'demo1234', mobile: '11999990001', email: 'demo01@lotus88.example' },
  agent: { username: 'agent01', password: 'agent1234', affiliateCode: 'LOTUS01' },
  subAgent: { username: 'subagent01', password: 'agent1234', affiliateCode: 'LOTUS02' },
  downline: { username: 'member01', password: 'demo1234' },
  /** Created by its agent with a one-time password (decision 055): the first login forces a change. */
  newcomer: { username: 'newbie01', password: 'lotus2026' },
} as const;

/** The demo newcomer's one-time password stays valid this long after seeding (demo data only). */
const DEMO_ONE_TIME_PASSWORD_DAYS = 365;

export const seedAccounts = async ({
  merchants,
  accounts,
}: {
  merchants: Pick<MerchantService, 'resolveId'>;
  accounts: AccountService;
}) => {
  const merchantId = await merchants.resolveId(undefined);

  const d = DEMO_ACCOUNTS;
  await accounts.createMember({
    merchantId,
    username: d.member.username,
    password: d.member.password,
    nickname: 'Demo Player',
    countryDialingCode: '55',
    mobile: d.member.mobile,
    email: d.member.email,
    payeeName: 'Demo Player',
  });
  const agent = await accounts.createMember({
    merchantId,
    username: d.agent.username,
    password: d.agent.password,
    type: MemberType.AGENT_1,
    nickname: 'Lotus Agent',
    affiliateCode: d.agent.affiliateCode,
  });
  const subAgent = await accounts.createMember({
    merchantId,
    username: d.subAgent.username,
    password: d.subAgent.password,
    type: MemberType.AGENT_2,
    uplineId: agent.id,
    affiliateCode: d.subAgent.affiliateCode,
  });
  await accounts.createMember({
    merchantId,
    username: d.downline.username,
    password: d.downline.password,
    uplineId: subAgent.id,
  });
  await accounts.createMember({
    merchantId,
    username: d.newcomer.username,
    password: d.newcomer.password,
    passwordSetBy: 'agent',
    oneTimePasswordExpiresAt: new Date(Date.now() + DEMO_ONE_TIME_PASSWORD_DAYS * 86_400_000),
    uplineId: subAgent.id,
  });
};
