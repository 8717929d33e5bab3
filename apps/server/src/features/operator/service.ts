import type { BodyOutput, operatorEndpoints } from '@app/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { isValidCidr } from '../system/region.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { OperatorActor } from '../../http/auth.ts';
import * as data from './data.ts';

export const createOperator = async (
  db: Db,
  input: { merchantId: number; username: string; password: string; role: string },
) =>
  data.insertOperator(db, {
    merchantId: input.merchantId,
    username: input.username,
    role: input.role,
    passwordHash: await hashPassword(input.password),
  });

export const operatorLogin = async (
  ctx: AppContext,
  input: { merchantId: number; username: string; password: string; ip: string; userAgent: string },
) => {
  const op = await data.findOperator(ctx.db, input.merchantId, input.username);
  const ok = await verifyPassword(op?.passwordHash, input.password);
  if (!op || !ok || op.status !== 'active') {
    throw new AppError('INVALID_CREDENTIALS', 'Incorrect username or password', 401);
  }
  const session = await ctx.sessions.create({
    merchantId: input.merchantId,
    actor: { kind: 'operator', operatorId: op.id },
    ip: input.ip,
    userAgent: input.userAgent,
  });
  await audit(ctx.db, { merchantId: input.merchantId, operatorId: op.id }, 'session.login', '', {}, input.ip);
  return { token: session.token, username: op.username, role: op.role as 'admin' };
};

/** Every operator action is written to the append-only audit log. */
export const audit = (
  db: Db,
  actor: Pick<OperatorActor, 'merchantId' | 'operatorId'>,
  action: string,
  target: string,
  detail: Record<string, unknown>,
  ip: string,
) => data.insertAudit(db, { merchantId: actor.merchantId, operatorId: actor.operatorId, action, target, detail, ip });

type RegionBody = BodyOutput<(typeof operatorEndpoints)['setRegion']>;

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
