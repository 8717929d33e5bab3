import { isTrialType, type MemberPage } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { newOneTimePassword } from '../../../lib/tokens.ts';
import type { AccountService } from '../../identity/members/service.ts';
import type { LoginService } from '../../identity/login/service.ts';
import type { SessionService } from '../../identity/sessions/service.ts';
import { inTransaction } from '../../agent/contracts/common.ts';
import * as tree from '../../agent/tree/service.ts';
import type { AuditLog } from '../../operator/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { WalletReports } from '../../wallet/reports/service.ts';
import * as data from './data.ts';

export interface MembersDeskDeps {
  db: Db;
  accounts: Pick<AccountService, 'freeze' | 'unfreeze' | 'setOneTimePassword'>;
  sessions: Pick<SessionService, 'revokeAllForMember'>;
  login: Pick<LoginService, 'lockState' | 'clearLock'>;
  wallet: Pick<WalletService, 'balance'>;
  walletReports: Pick<WalletReports, 'memberBonuses'>;
  audit: AuditLog;
  /** How long a one-time password logs in (ONE_TIME_PASSWORD_HOURS). */
  oneTimePasswordHours: number;
  /** Figures kept beside the ledger that include or leave out test accounts are stale now (decision 084). */
  onTestAccountChanged?: (merchantId: number) => Promise<void>;
}

type Operator = { merchantId: number; operatorId: number };
type Action = { memberId: number; reason: string };

/** How many rows of each history a member page shows. */
const HISTORY = 20;

const view = (m: data.DeskMember) => ({
  id: m.id,
  username: m.username,
  type: m.type,
  status: m.status,
  mobile: m.mobile ? `${m.countryDialingCode ? `+${m.countryDialingCode} ` : ''}${m.mobile}` : null,
  email: m.email,
  payeeName: m.payeeName,
  createdAt: m.createdAt.toISOString(),
  lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
  lastLoginIp: m.lastLoginIp,
  testAccount: m.testAccount,
});

/**
 * The members desk (issue 21, decision 069): search, a member's page, and the actions on an account.
 * Every action carries the operator's reason and is written to the audit log with the account's
 * state before and after, under the target `member:<id>`.
 */
export const createMembersDesk = (d: MembersDeskDeps) => {
  const { db } = d;

  const requireMember = async (merchantId: number, id: number) => {
    const m = await data.findMember(db, merchantId, id);
    if (!m) throw notFound('No such member');
    return m;
  };

  const page = async (merchantId: number, id: number): Promise<MemberPage> => {
    const m = await requireMember(merchantId, id);
    const trial = isTrialType(m.type);
    const [lock, uplines, logins, live, deposits, withdrawals, rounds, bonuses, notes, balance] = await Promise.all([
      d.login.lockState(merchantId, m.username),
      data.uplines(db, merchantId, m.treePath, m.id),
      data.logins(db, m.id, HISTORY),
      data.liveSessions(db, m.id),
      data.deposits(db, m.id, HISTORY),
      data.withdrawals(db, m.id, HISTORY),
      data.rounds(db, m.id, HISTORY),
      d.walletReports.memberBonuses({ merchantId, memberId: m.id, limit: HISTORY }),
      data.notes(db, m.id, 50),
      trial ? Promise.resolve(null) : d.wallet.balance(merchantId, m.id).then((b) => b.balance),
    ]);
    return {
      profile: {
        ...view(m),
        nickname: m.nickname,
        birthday: m.birthday,
        affiliateCode: m.affiliateCode,
        frozenAt: m.frozenAt?.toISOString() ?? null,
        totpEnabled: m.totpEnabled,
        oneTimePassword: m.passwordSetBy === 'operator' || m.passwordSetBy === 'agent',
        locked: lock.locked,
        loginFailures: lock.failures,
        liveSessions: live,
      },
      balance: balance === null ? null : String(balance),
      playBalance: trial ? String(m.playBalance) : null,
      uplines,
      logins: logins.map((l) => ({
        at: l.at.toISOString(),
        ip: l.ip,
        country: l.country,
        device: l.userAgent,
        method: l.method,
        success: l.success,
        reason: l.reason,
      })),
      deposits: deposits.map((r) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        amount: String(r.amount),
        status: r.status,
        channel: r.channel,
      })),
      withdrawals: withdrawals.map((r) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        amount: String(r.amount),
        status: r.status,
      })),
      bets: rounds.map((r) => ({
        id: r.id,
        at: r.startedAt.toISOString(),
        vendor: r.vassalage,
        gameCode: r.gameCode,
        gameType: r.gameType,
        status: r.status,
        bet: String(r.betTotal - r.refundTotal),
        win: String(r.winTotal),
      })),
      bonuses: bonuses.map((b) => ({
        id: b.id,
        at: b.createdAt.toISOString(),
        kind: b.kind,
        amount: String(b.amount),
      })),
      notes: notes.map((n) => ({ id: n.id, at: n.createdAt.toISOString(), operator: n.operator, text: n.text })),
    };
  };

  const log = (op: Operator, action: string, memberId: number, detail: Record<string, unknown>, ip: string) =>
    d.audit(op, action, `member:${memberId}`, detail, ip);

  const setTest = async (op: Operator, body: Action, ip: string, test: boolean) => {
    const m = await requireMember(op.merchantId, body.memberId);
    if (!(await data.setTestAccount(db, op.merchantId, m.id, test))) {
      throw new AppError(
        'CONFLICT',
        test ? 'This member is already a test account' : 'This member is not a test account',
        409,
      );
    }
    await d.onTestAccountChanged?.(op.merchantId);
    await log(
      op,
      test ? 'member.test_marked' : 'member.test_unmarked',
      m.id,
      { reason: body.reason, before: { testAccount: !test }, after: { testAccount: test } },
      ip,
    );
    return page(op.merchantId, m.id);
  };

  return {
    async search(merchantId: number, q: { by: data.SearchField; q: string; page: number }) {
      const { rows, total } = await data.search(db, { merchantId, by: q.by, text: q.q, page: q.page });
      return { list: rows.map(view), total, page: q.page, pageSize: data.SEARCH_PAGE_SIZE };
    },

    page,

    /** A frozen member cannot log in or play; every session ends at once. Money stays. */
    async freeze(op: Operator, body: Action, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      if (m.status === 'frozen') throw new AppError('MEMBER_FROZEN', 'This member is already frozen', 409);
      await d.accounts.freeze(op.merchantId, m.id);
      await log(
        op,
        'member.freeze',
        m.id,
        { reason: body.reason, before: { status: m.status }, after: { status: 'frozen' } },
        ip,
      );
      return page(op.merchantId, m.id);
    },

    async unfreeze(op: Operator, body: Action, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      if (m.status !== 'frozen') throw new AppError('MEMBER_NOT_FROZEN', 'This member is not frozen', 409);
      await d.accounts.unfreeze(op.merchantId, m.id);
      await log(
        op,
        'member.unfreeze',
        m.id,
        { reason: body.reason, before: { status: m.status }, after: { status: 'active' } },
        ip,
      );
      return page(op.merchantId, m.id);
    },

    /** Ends every session of the member: the next call of each asks to log in again. */
    async forceLogout(op: Operator, body: Action, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      const before = await data.liveSessions(db, m.id);
      await d.sessions.revokeAllForMember(m.id, 'operator_logout');
      await log(
        op,
        'member.logout',
        m.id,
        { reason: body.reason, before: { liveSessions: before }, after: { liveSessions: 0 } },
        ip,
      );
      return page(op.merchantId, m.id);
    },

    /**
     * A new one-time password (decision 055): shown in this answer only, it logs in for
     * ONE_TIME_PASSWORD_HOURS and must be replaced at the next login; the member's sessions end.
     */
    async resetPassword(op: Operator, body: Action, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      if (isTrialType(m.type)) {
        throw new AppError('VALIDATION_FAILED', 'A free-play account has no password to reset', 400);
      }
      const oneTimePassword = newOneTimePassword();
      const expiresAt = new Date(Date.now() + d.oneTimePasswordHours * 3_600_000);
      await d.accounts.setOneTimePassword(m.id, { password: oneTimePassword, setBy: 'operator', expiresAt });
      await log(
        op,
        'member.password_reset',
        m.id,
        {
          reason: body.reason,
          before: { passwordSetBy: m.passwordSetBy },
          after: { passwordSetBy: 'operator', expiresAt: expiresAt.toISOString() },
        },
        ip,
      );
      return { oneTimePassword, expiresAt: expiresAt.toISOString(), member: await page(op.merchantId, m.id) };
    },

    /** Forgets the member's failed logins, so a locked account may log in again at once. */
    async clearLocks(op: Operator, body: Action, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      const lock = await d.login.lockState(op.merchantId, m.username);
      await d.login.clearLock(op.merchantId, m.username);
      await log(
        op,
        'member.locks_cleared',
        m.id,
        {
          reason: body.reason,
          before: { locked: lock.locked, failures: lock.failures },
          after: { locked: false, failures: 0 },
        },
        ip,
      );
      return page(op.merchantId, m.id);
    },

    /**
     * A member becomes an agent or an agent a member (decision 079), within the agents' type rules:
     * the upline must be allowed to have the new type, and the account's direct downlines the new
     * type's children; an agent with a team or open contracts cannot become a member.
     */
    async changeType(op: Operator, body: Action & { type: number }, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      await inTransaction(db, async (tx) => {
        const change = await tree.changeType(tx, op.merchantId, m.id, body.type);
        await d.audit(op, 'member.type', `member:${m.id}`, { reason: body.reason, ...change }, ip, tx);
      });
      return page(op.merchantId, m.id);
    },

    /**
     * The member, with its whole team, goes under another agent (decision 079): the tree paths are
     * rewritten in one statement, team figures from today on follow the new place, and the
     * contracts the account received from its old upline end.
     */
    async move(op: Operator, body: Action & { upline: string }, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      await inTransaction(db, async (tx) => {
        const r = await tree.moveTeam(tx, op.merchantId, m.id, body.upline);
        await d.audit(
          op,
          'member.move',
          `member:${m.id}`,
          {
            reason: body.reason,
            before: { upline: r.before.upline, uplineId: r.before.uplineId },
            after: { upline: r.after.upline, uplineId: r.after.uplineId },
            moved: r.moved,
            contractsEnded: r.contractsEnded,
          },
          ip,
          tx,
        );
      });
      return page(op.merchantId, m.id);
    },

    /**
     * A test account (decision 084) is kept out of the dashboard and every report from then on, for
     * its whole history; unmarking brings it back. Marking a marked account is a 409.
     */
    async markTest(op: Operator, body: Action, ip: string) {
      return setTest(op, body, ip, true);
    },

    async unmarkTest(op: Operator, body: Action, ip: string) {
      return setTest(op, body, ip, false);
    },

    async addNote(op: Operator, body: { memberId: number; text: string }, ip: string) {
      const m = await requireMember(op.merchantId, body.memberId);
      await data.insertNote(db, {
        merchantId: op.merchantId,
        memberId: m.id,
        operatorId: op.operatorId,
        text: body.text,
      });
      await log(op, 'member.note', m.id, { after: { note: body.text } }, ip);
      return page(op.merchantId, m.id);
    },
  };
};

export type MembersDesk = ReturnType<typeof createMembersDesk>;
