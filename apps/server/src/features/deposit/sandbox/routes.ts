import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SANDBOX_SIGNATURE_HEADER } from '@app/contract';
import type { SandboxPaymentRow } from '../data.ts';
import type { SandboxGateway } from './gateway.ts';
import { notFoundPage, sandboxPage } from './page.ts';

const params = z.object({ ref: z.string().regex(/^SBX[0-9A-F]{18}$/) });
const form = z.object({ action: z.enum(['pay', 'decline', 'resend']) });

/**
 * The sandbox gateway's side: its pay page and the delivery of its signed callback. It reaches the
 * platform's webhook through the HTTP stack (an injected request when the callback URL is a path of
 * this site, fetch otherwise), exactly as an outside gateway's request would arrive.
 */
export const sandboxGatewayRoutes =
  ({ sandbox }: { sandbox: SandboxGateway }) =>
  async (app: FastifyInstance) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }

    const deliver = async (p: SandboxPaymentRow) => {
      const body = JSON.stringify({
        ref: p.ref,
        merchantOrder: p.merchantOrder,
        amount: String(p.amount),
        currency: p.currency,
        status: p.status === 'paid' ? 'paid' : 'failed',
      });
      const headers = { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sandbox.sign(body) };
      let status: number;
      if (p.notifyUrl.startsWith('/')) {
        status = (await app.inject({ method: 'POST', url: p.notifyUrl, headers, payload: body })).statusCode;
      } else {
        status = await fetch(p.notifyUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).then(
          (r) => r.status,
          () => 0,
        );
      }
      await sandbox.recordCallback(p.ref, status);
      return status;
    };

    const html = (reply: FastifyReply, body: string, code = 200) =>
      reply.code(code).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

    app.get('/sandbox-gateway/pay/:ref', async (req, reply) => {
      const p = params.safeParse(req.params);
      const row = p.success ? await sandbox.payment(p.data.ref) : null;
      if (!row) return html(reply, notFoundPage(), 404);
      const notice =
        typeof (req.query as Record<string, unknown>).notice === 'string'
          ? String((req.query as Record<string, string>).notice)
          : undefined;
      return html(reply, sandboxPage(row, notice));
    });

    app.post('/sandbox-gateway/pay/:ref', async (req, reply) => {
      const p = params.safeParse(req.params);
      const f = form.safeParse(req.body);
      const row = p.success ? await sandbox.payment(p.data.ref) : null;
      if (!row || !f.success) return html(reply, notFoundPage(), 404);
      if (f.data.action !== 'resend') await sandbox.decide(row.ref, f.data.action === 'pay' ? 'paid' : 'declined');
      const decided = (await sandbox.payment(row.ref))!;
      let notice: string;
      if (decided.status === 'created') notice = 'Nothing to send yet.';
      else {
        const status = await deliver(decided);
        notice =
          status >= 200 && status < 300
            ? 'The merchant confirmed the callback.'
            : `The merchant answered ${status}; you can send it again.`;
      }
      return reply.redirect(`/sandbox-gateway/pay/${row.ref}?notice=${encodeURIComponent(notice)}`, 303);
    });
  };
