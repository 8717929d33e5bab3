import type { FastifyInstance } from 'fastify';
import { extraVerificationRoutes } from './extra-verification/routes.ts';
import { loginRoutes, type LoginRoutesDeps } from './login/routes.ts';
import type { AuditLog } from '../operator/service.ts';
import { memberRoutes, type MemberRoutesDeps } from './members/routes.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { passwordRoutes } from './password/routes.ts';
import { registerRoutes, type RegisterRoutesDeps } from './register/routes.ts';
import { securityRoutes, type SecurityRoutesDeps } from './security/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { verificationRoutes, type VerificationRoutesDeps } from './verification/routes.ts';
import type { ExtraVerificationService } from './extra-verification/service.ts';
import type { OAuthService } from './oauth/service.ts';
import type { PasswordService } from './password/service.ts';
import type { SessionService } from './sessions/service.ts';

/** The services the identity calls use (the composition root's context has them all). */
export type IdentityServices = LoginRoutesDeps &
  Omit<MemberRoutesDeps, 'audit'> &
  RegisterRoutesDeps &
  SecurityRoutesDeps &
  Omit<VerificationRoutesDeps, 'demoMode' | 'secureCookies'> & {
    sessions: SessionService;
    extraVerification: ExtraVerificationService;
    passwords: PasswordService;
    oauth: OAuthService;
  };

/**
 * What app.ts hands over besides the services: the operators' audit log, and how the site is
 * served as far as identity's cookies and developer tools care.
 */
export type IdentityRouteOptions = Pick<VerificationRoutesDeps, 'demoMode' | 'secureCookies'> & { audit: AuditLog };

/** Every identity call (decision 048), each sub-folder's plugin with the services it uses. */
export const identityRoutes =
  (services: IdentityServices, { audit, demoMode, secureCookies }: IdentityRouteOptions) =>
  async (app: FastifyInstance) => {
    await app.register(memberRoutes({ accounts: services.accounts, audit }));
    await app.register(sessionRoutes(services));
    await app.register(loginRoutes(services));
    await app.register(extraVerificationRoutes(services));
    await app.register(registerRoutes(services));
    await app.register(passwordRoutes(services));
    await app.register(securityRoutes(services));
    await app.register(oauthRoutes(services));
    const { verification, outbox, merchants } = services;
    await app.register(verificationRoutes({ verification, outbox, merchants, demoMode, secureCookies }));
  };
