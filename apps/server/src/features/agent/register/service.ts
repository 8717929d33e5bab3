import { randomInt } from 'node:crypto';
import {
  AGENT_CHILD_TYPES,
  checkFieldRule,
  formatRuleMessage,
  isAgentType,
  PATTERN_MESSAGES_EN,
  type BodyOutput,
  type agentEndpoints,
} from '@app/contract';
import { AppError } from '../../../http/errors.ts';
import { newOneTimePassword } from '../../../lib/tokens.ts';
import type { MerchantService } from '../../merchant/service.ts';
import { isActiveAgent } from '../policy.ts';
import type { AgentSelf, AgentService } from '../service.ts';

type RegisterBody = BodyOutput<(typeof agentEndpoints)['registerDownline']>;

/** spec §9: QR size 120 with margin 5. */
const QR = { size: 120, margin: 5 };
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Account types an agent may create: members, and agents of the kinds its own type allows. */
export const creatableTypes = (agentType: number): number[] => [0, ...(AGENT_CHILD_TYPES[agentType] ?? [])];

const fieldError = (field: string, message: string, code = 'VALIDATION_FAILED', status = 400) =>
  new AppError(code, message, status, null, { [field]: message });

const isUnique = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

export interface RegisterDeps {
  merchants: Pick<MerchantService, 'brand'>;
  agents: AgentService;
  /** The accounts feature's members: new accounts, their one-time passwords, invitation codes. */
  members: {
    createMember(input: {
      merchantId: number;
      username: string;
      password: string;
      passwordSetBy: 'agent';
      oneTimePasswordExpiresAt: Date;
      type: number;
      uplineId: number;
      nickname: string | null;
    }): Promise<{ id: number; username: string; type: number }>;
    findById(merchantId: number, id: number): Promise<{ passwordSetBy: string; username: string } | null>;
    setOneTimePassword(
      memberId: number,
      input: { password: string; setBy: 'agent'; expiresAt: Date },
    ): Promise<unknown>;
    update(memberId: number, values: { affiliateCode: string }): Promise<unknown>;
  };
  /** How long a one-time password logs in (ONE_TIME_PASSWORD_HOURS). */
  oneTimePasswordHours: number;
  /** Where the brand's site is served (PUBLIC_BASE_URL): the scheme and port of registration links. */
  publicBaseUrl: string;
}

/**
 * Register centre (decisions 019, 055): the agent creates a downline (a member, or an agent of an
 * allowed type) with its own random one-time password, shown to the agent once, which logs in for
 * a limited time and must then be replaced by the owner's own; the agent can issue a new one while
 * the owner has not; and the agent's invitation links.
 */
export const createAgentRegisterService = ({
  merchants,
  agents,
  members,
  publicBaseUrl,
  oneTimePasswordHours,
}: RegisterDeps) => {
  const expiry = () => new Date(Date.now() + oneTimePasswordHours * 3_600_000);

  /** The agent's invitation code, created on first need (8 characters, no look-alikes). */
  const ensureAffiliateCode = async (agent: { id: number; affiliateCode: string | null }): Promise<string> => {
    if (agent.affiliateCode) return agent.affiliateCode;
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
      try {
        await members.update(agent.id, { affiliateCode: code });
        return code;
      } catch (err) {
        if (!isUnique(err)) throw err;
      }
    }
    throw new AppError('INTERNAL', 'Could not create an invitation code', 500);
  };

  return {
    async registerDownline(agent: AgentSelf, body: RegisterBody) {
      // Under the agent itself, or under one of the active agents of its team.
      const upline =
        body.uplineId && body.uplineId !== agent.id ? await agents.teamMember(agent, body.uplineId) : agent;
      if (!isActiveAgent(upline))
        throw fieldError('uplineId', 'Accounts can only be created under an active agent', 'NOT_AGENT_UPLINE', 409);
      const allowed = creatableTypes(upline.type);
      if (!allowed.includes(body.type))
        throw fieldError('type', 'You cannot create an account of this type', 'ACCOUNT_TYPE_NOT_ALLOWED', 403);
      const brand = await merchants.brand(agent.merchantId);
      const rule = brand.merchant.registerSetting.fields.find((f) => f.field === 'username')?.rule;
      const broken = rule ? checkFieldRule(rule, body.username) : null;
      if (broken) throw fieldError('username', formatRuleMessage(broken, PATTERN_MESSAGES_EN[rule!.patternId]));
      const oneTimePassword = newOneTimePassword();
      const expiresAt = expiry();
      const created = await members.createMember({
        merchantId: agent.merchantId,
        username: body.username,
        password: oneTimePassword,
        passwordSetBy: 'agent',
        oneTimePasswordExpiresAt: expiresAt,
        type: body.type,
        uplineId: upline.id,
        nickname: body.nickname ?? null,
      });
      if (isAgentType(body.type)) await ensureAffiliateCode({ id: created.id, affiliateCode: null });
      return {
        id: created.id,
        account: created.username,
        type: created.type,
        upline: upline.username,
        oneTimePassword,
        oneTimePasswordExpiresAt: expiresAt.toISOString(),
        mustChangePassword: true as const,
      };
    },

    /**
     * A new one-time password for an account of the agent's team that still has one (its owner has
     * not chosen a password yet): the old one stops working, so does any session it opened.
     */
    async reissuePassword(agent: AgentSelf, memberId: number) {
      const target = await agents.teamMember(agent, memberId);
      const account = await members.findById(agent.merchantId, target.id);
      if (!account || target.id === agent.id || account.passwordSetBy !== 'agent') {
        throw new AppError(
          'PASSWORD_CHOSEN_BY_OWNER',
          'This account has chosen its own password; only its owner can change it',
          409,
        );
      }
      const oneTimePassword = newOneTimePassword();
      const expiresAt = expiry();
      await members.setOneTimePassword(target.id, { password: oneTimePassword, setBy: 'agent', expiresAt });
      return {
        id: target.id,
        account: account.username,
        oneTimePassword,
        oneTimePasswordExpiresAt: expiresAt.toISOString(),
      };
    },

    /** The agent's invitation code and a registration link on each of the brand's domains. */
    async affiliateLinks(agent: AgentSelf) {
      const code = await ensureAffiliateCode(agent);
      const brand = await merchants.brand(agent.merchantId);
      const base = new URL(publicBaseUrl);
      const hosts = brand.domains.length
        ? brand.domains.map((d) => ({ host: d.host, mirror: d.isMirror }))
        : [{ host: base.hostname, mirror: false }];
      const links = hosts.map(({ host, mirror }) => {
        const url = new URL(`${base.protocol}//${host}`);
        if (host === base.hostname) url.port = base.port;
        url.pathname = '/register';
        url.searchParams.set('referralCode', code);
        return { domain: host, url: url.toString(), mirror };
      });
      return { code, links, creatableTypes: creatableTypes(agent.type), qr: QR };
    },
  };
};

export type AgentRegisterService = ReturnType<typeof createAgentRegisterService>;
