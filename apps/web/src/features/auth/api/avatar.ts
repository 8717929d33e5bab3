import { memberEndpoints } from '@app/contract';
import { useEndpointMutation } from '../../../lib/api/index.ts';
import { setMemberInfo } from '../../../lib/session/index.ts';

/** POST /wps/member/info/icon: choose an avatar; the header follows at once. */
export const useSetAvatar = () =>
  useEndpointMutation(memberEndpoints.icon, { onSuccess: (info) => setMemberInfo(info) });
