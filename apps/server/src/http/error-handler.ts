import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RequestValidationError } from './errors.ts';
import { fail } from './envelope.ts';

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/provider/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/wps';

/**
 * Errors the router raises before any route or error handler runs (`frameworkErrors`): a path that
 * is not valid percent-encoded UTF-8, a path parameter over the router's length limit.
 */
export const answerFrameworkError = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void => {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') void fail(reply, 414, 'URI_TOO_LONG', 'The address is too long');
  else void fail(reply, 400, 'BAD_REQUEST', 'The address is not valid');
};

/** Turns every thrown error into the envelope, with an honest status and no internals leaked. */
export const installErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError | RequestValidationError, req, reply) => {
    if (err instanceof RequestValidationError) {
      return fail(reply, 400, 'VALIDATION_FAILED', err.message, { fields: err.fields });
    }
    if (err instanceof AppError) {
      return fail(reply, err.status, err.code, err.message, {
        value: err.value,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    const status = err.statusCode;
    if (status && status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 404
              ? 'NOT_FOUND'
              : status === 429
                ? 'RATE_LIMITED'
                : 'BAD_REQUEST';
      return fail(reply, status, code, err.message);
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    return fail(reply, 500, 'INTERNAL', `Something went wrong. Reference: ${req.id}`);
  });

  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url.split('?')[0] ?? '')) {
      return fail(reply, 404, 'NOT_FOUND', `No such endpoint: ${req.method} ${req.url.split('?')[0]}`);
    }
    return fail(reply, 404, 'NOT_FOUND', 'Not found');
  });
};
