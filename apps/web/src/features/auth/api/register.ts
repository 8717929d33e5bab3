import { registrationEndpoints, type RegisterMode } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';

/** POST /wps/member/register or /register/mobile (encrypted), by the tab in use. */
export const useRegister = (mode: RegisterMode) =>
  useEndpointMutation(mode === 'mobile' ? registrationEndpoints.registerMobile : registrationEndpoints.register);
