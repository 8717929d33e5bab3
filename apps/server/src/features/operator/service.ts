import type { BodyOutput, operatorEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { OperatorActor } from '../../http/auth.ts';
import type { MerchantService } from '../merchant/service.ts';
import { isValidCidr } from '../system/region.ts';
import { isUnderMaintenance } from '../system/service.ts';
import * as data from './data.ts';

type Actor = Pick<OperatorActor, 'merchantId' | 'operatorId'>;
type MaintenanceBody = BodyOutput<(typeof operatorEndpoints)['setMaintenance']>;
type RegionBody = BodyOutput<(typeof operatorEndpoints)['setRegion']>;
type WinnersBoardBody = BodyOutput<(typeof operatorEndpoints)['setWinnersBoard']>;
export type NewOperator = {
  merchantId: number;
  username: string;
  password: string;
  role: data.OperatorRole;
  /** The password was set by someone else (the bootstrap password): changed at first login. */
  mustChangePassword?: boolean;
  /** Seeded for the embedded demo: no second factor while DEMO_MODE is on (decision 054). */
  demo?: boolean;
};

export const createOperator = async (db: Db, input: NewOperator) =>
  data.insertOperator(db, {
    merchantId: input.merchantId,
    username: input.username,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    mustChangePassword: input.mustChangePassword ?? false,
    demo: input.demo ?? false,
  });

/** Every operator action is written to the append-only audit log. */
export const audit = (
  db: Db,
  actor: Actor,
  action: string,
  target: string,
  detail: Record<string, unknown>,
  ip: string,
) => data.insertAudit(db, { merchantId: actor.merchantId, operatorId: actor.operatorId, action, target, detail, ip });

export const validateRegion = (body: RegionBody) => {
  const fields: Record<string, string> = {};
  body.cidrAllow.forEach((c, i) => {
    if (!isValidCidr(c)) fields[`cidrAllow.${i}`] = `Not a valid IP or CIDR: ${c}`;
  });
  body.cidrBlock.forEach((c, i) => {
    if (!isValidCidr(c)) fields[`cidrBlock.${i}`] = `Not a valid IP or CIDR: ${c}`;
  });
  if (Object.keys(fields).length) {
    throw new AppError('VALIDATION_FAILED', Object.values(fields)[0]!, 400, null, fields);
  }
};

export interface OperatorDeps {
  db: Db;
  merchants: MerchantService;
}

/** Operators: creating their rows, the audit log, and the site's maintenance and region rules. */
/** Writes one entry of the operators' audit log (the operator feature keeps it). */
export type AuditLog = (
  actor: { merchantId: number; operatorId: number },
  action: string,
  target: string,
  detail: Record<string, unknown>,
  ip: string,
  /** The caller's transaction, so the entry commits with the change it records. */
  tx?: Db,
) => Promise<unknown>;

export const createOperatorService = ({ db, merchants }: OperatorDeps) => {
  /** Pass the caller's transaction to log the action with the change it records. */
  const log = (
    actor: Actor,
    action: string,
    target: string,
    detail: Record<string, unknown>,
    ip: string,
    tx: Db = db,
  ) => audit(tx, actor, action, target, detail, ip);

  return {
    create: (input: NewOperator) => createOperator(db, input),

    findByUsername: (merchantId: number, username: string) => data.findOperator(db, merchantId, username),

    /** Whether any operator exists (a production start needs a first one's password otherwise). */
    anyExists: () => data.anyOperator(db),

    audit: log,

    /** The audit desk: one page of the log, newest first. */
    async auditPage(merchantId: number, q: Parameters<typeof data.auditPage>[2]) {
      const { rows, total } = await data.auditPage(db, merchantId, q);
      return {
        list: rows.map((r) => ({
          id: r.id,
          at: r.createdAt.toISOString(),
          operator: r.operator,
          action: r.action,
          target: r.target,
          detail: r.detail,
          ip: r.ip,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** The console's site settings desk (decision 042). */
    async siteSettings(merchantId: number) {
      const brand = await merchants.brand(merchantId);
      const m = brand.merchant;
      return {
        maintenance: {
          enabled: isUnderMaintenance(brand),
          endTime: m.maintenanceEndTime?.toISOString() ?? null,
          message: m.maintenanceMessage,
        },
        region: {
          blockedCountries: m.blockedCountries,
          allowedCountries: m.allowedCountries,
          cidrAllow: m.cidrAllow,
          cidrBlock: m.cidrBlock,
        },
        winnersBoard: { minAmount: String(m.winnersMinAmount), minMultiple: m.winnersMinMultiple },
      };
    },

    /** What the winners board counts as a win (applies to the board at once, past wins included). */
    async setWinnersBoard(op: Actor, body: WinnersBoardBody, ip: string) {
      await merchants.update(op.merchantId, {
        winnersMinAmount: BigInt(body.minAmount),
        winnersMinMultiple: body.minMultiple,
      });
      await log(op, 'system.winners_board', String(op.merchantId), { ...body }, ip);
      return body;
    },

    async setMaintenance(op: Actor, body: MaintenanceBody, ip: string) {
      const endTime = body.endTime ? new Date(body.endTime) : null;
      await merchants.update(op.merchantId, {
        maintenanceEnabled: body.enabled,
        maintenanceEndTime: endTime,
        maintenanceMessage: body.message,
      });
      await log(op, 'system.maintenance', String(op.merchantId), { ...body }, ip);
      return { enabled: body.enabled, endTime: endTime?.toISOString() ?? null, message: body.message };
    },

    async setRegion(op: Actor, body: RegionBody, ip: string) {
      validateRegion(body);
      await merchants.update(op.merchantId, body);
      await log(op, 'system.region', String(op.merchantId), { ...body }, ip);
      return body;
    },
  };
};

export type OperatorService = ReturnType<typeof createOperatorService>;
