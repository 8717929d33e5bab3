import {
  SITE_IMAGE_PATH,
  UPLOAD_MAX_BYTES,
  contentEndpoints,
  operatorContentEndpoints,
  uploadEndpoints,
} from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authorize, memberOf, operatorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { AuditLog } from '../operator/service.ts';
import type { UploadService } from './service.ts';

const idParams = z.object({ id: z.string().uuid() });
/** Anything up to this size reaches the handler, which answers the spec's own message above 5 MB. */
const PARSE_LIMIT = UPLOAD_MAX_BYTES + 3 * 1024 * 1024;

export const uploadRoutes =
  ({ uploads, operators }: { uploads: UploadService; operators: { audit: AuditLog } }) =>
  async (app: FastifyInstance) => {
    // Raw image bodies, in this plugin only; the service judges the bytes, not the header.
    app.addContentTypeParser(
      /^(image\/.*|application\/octet-stream)$/,
      { parseAs: 'buffer', bodyLimit: PARSE_LIMIT },
      (_req, body, done) => done(null, body),
    );

    route(
      app,
      uploadEndpoints.create,
      async ({ query, req }) => {
        const m = memberOf(req);
        if (!Buffer.isBuffer(req.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only acceptable png or jpg', 415);
        return uploads.store({
          merchantId: m.merchantId,
          memberId: m.memberId,
          purpose: query.purpose,
          bytes: req.body,
        });
      },
      { bodyLimit: PARSE_LIMIT },
    );

    route(
      app,
      operatorContentEndpoints.uploadImage,
      async ({ req }) => {
        const op = operatorOf(req);
        if (!Buffer.isBuffer(req.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only acceptable png or jpg', 415);
        const row = await uploads.storeSiteImage({
          merchantId: op.merchantId,
          operatorId: op.operatorId,
          bytes: req.body,
        });
        const url = `${SITE_IMAGE_PATH}${row.id}`;
        await operators.audit(
          op,
          'content.image.upload',
          url,
          { after: { url, mime: row.mime, size: row.size } },
          req.ip,
        );
        return { ...row, url };
      },
      { bodyLimit: PARSE_LIMIT },
    );
    // A site image never changes (a new picture is a new upload), so browsers and CDNs keep it.
    app.get(contentEndpoints.siteImage.path, async (req, reply) => {
      const row = await uploads.readSiteImage(req.merchantId, idOf(req));
      return reply
        .header('content-type', row.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(row.bytes);
    });

    const send = async (reply: FastifyReply, row: { mime: string; bytes: Buffer }) =>
      reply.header('content-type', row.mime).header('cache-control', 'private, max-age=3600').send(row.bytes);
    const idOf = (req: FastifyRequest) => {
      const p = idParams.safeParse(req.params);
      if (!p.success) throw new AppError('NOT_FOUND', 'No such image', 404);
      return p.data.id;
    };

    app.get(uploadEndpoints.read.path, async (req, reply) => {
      await authorize(req, uploadEndpoints.read);
      const m = memberOf(req);
      return send(reply, await uploads.read(m.merchantId, idOf(req), { memberId: m.memberId }));
    });
    app.get(uploadEndpoints.operatorRead.path, async (req, reply) => {
      await authorize(req, uploadEndpoints.operatorRead);
      const op = operatorOf(req);
      return send(reply, await uploads.read(op.merchantId, idOf(req), { operator: true }));
    });
  };
