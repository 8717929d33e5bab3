import type { BodyOutput, MirrorStatus, OperatorDomain, operatorContentEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';
import * as data from './data.ts';

type E = typeof operatorContentEndpoints;

const out = (r: data.MirrorRow): OperatorDomain => ({ id: r.id, host: r.host, status: r.status, sort: r.sort });

const taken = (host: string) => conflict('DOMAIN_TAKEN', `${host} is already one of the platform's domains`);

/**
 * The brand's mirror domains as the operator manages them: add, change host or status, reorder,
 * remove. Every change drops the cached brand so players see it at once (decision 058).
 */
export const createDomainManager = ({ db, merchants }: { db: Db; merchants: MerchantService }) => ({
  async list(merchantId: number) {
    return (await data.mirrors(db, merchantId)).map(out);
  },

  async create(merchantId: number, body: BodyOutput<E['createDomain']>) {
    if (await data.hostTaken(db, body.host)) throw taken(body.host);
    const row = await data.insertMirror(db, merchantId, body.host, body.status ?? 'active');
    if (!row) throw taken(body.host);
    merchants.invalidate();
    return out(row);
  },

  async update(merchantId: number, body: BodyOutput<E['updateDomain']>) {
    if (body.host === undefined && body.status === undefined) {
      throw badRequest('VALIDATION_FAILED', 'Give a new host or status', { status: 'Give a new host or status' });
    }
    if (!(await data.findMirror(db, merchantId, body.id))) throw notFound('No such mirror domain');
    if (body.host !== undefined && (await data.hostTaken(db, body.host, body.id))) throw taken(body.host);
    const values: { host?: string; status?: MirrorStatus } = {};
    if (body.host !== undefined) values.host = body.host;
    if (body.status !== undefined) values.status = body.status;
    let row: data.MirrorRow | null;
    try {
      row = await data.updateMirror(db, merchantId, body.id, values);
    } catch (e) {
      // A concurrent writer took the host between the check and the update (unique index).
      if (body.host !== undefined && (await data.hostTaken(db, body.host, body.id))) throw taken(body.host);
      throw e;
    }
    if (!row) throw notFound('No such mirror domain');
    merchants.invalidate();
    return out(row);
  },

  async remove(merchantId: number, id: number) {
    const deleted = await data.deleteMirror(db, merchantId, id);
    if (deleted) merchants.invalidate();
    return deleted;
  },

  /** The full new order: every mirror of the brand exactly once. */
  async reorder(merchantId: number, ids: number[]) {
    const list = await db.transaction(async (tx) => {
      const current = await data.mirrors(tx, merchantId);
      const known = new Set(current.map((r) => r.id));
      if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
        throw badRequest('VALIDATION_FAILED', 'Name every mirror of the brand exactly once', {
          ids: `Give these ${current.length} ids in the new order`,
        });
      }
      for (const [i, id] of ids.entries()) await data.updateMirror(tx, merchantId, id, { sort: i + 1 });
      return data.mirrors(tx, merchantId);
    });
    merchants.invalidate();
    return list.map(out);
  },
});
