import type { FastifyInstance } from 'fastify';
import { extraVerificationRoutes } from './extra-verification/routes.ts';
import { loginRoutes, type LoginRoutesDeps } from './login/routes.ts';
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

export type IdentityRoutesDeps = LoginRoutesDeps &
  MemberRoutesDeps &
  RegisterRoutesDeps &
  SecurityRoutesDeps &
  VerificationRoutesDeps & {
    sessions: SessionService;
    extraVerification: ExtraVerificationService;
    passwords: PasswordService;
    oauth: OAuthService;
  };

/** Every identity call (decision 048), each sub-folder's plugin with the services it uses. */
export const identityRoutes = (deps: IdentityRoutesDeps) => async (app: FastifyInstance) => {
  await app.register(memberRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(loginRoutes(deps));
  await app.register(extraVerificationRoutes(deps));
  await app.register(registerRoutes(deps));
  await app.register(passwordRoutes(deps));
  await app.register(securityRoutes(deps));
  await app.register(oauthRoutes(deps));
  await app.register(verificationRoutes(deps));
};
