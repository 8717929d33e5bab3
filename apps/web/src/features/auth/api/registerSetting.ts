import { systemEndpoints, type RegisterSetting } from '@app/contract';
import { useEndpointQuery } from '../../../lib/api/index.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';
import { useSystemStatus } from '../../../lib/system/index.ts';

/** Spec §7: the registration validation rules call is cached in session storage. */
const KEY = 'register.setting';

/** The brand's register setting and per-field rules; the status answer fills it while it loads. */
export const useRegisterSetting = (): RegisterSetting => {
  const fromStatus = useSystemStatus().register;
  const cached = readJson<RegisterSetting>('session', KEY);
  const query = useEndpointQuery(
    systemEndpoints.registerSetting,
    {},
    {
      staleTime: Infinity,
      ...(cached ? { initialData: cached } : {}),
      select: (value) => {
        writeJson('session', KEY, value);
        return value;
      },
    },
  );
  return query.data ?? cached ?? fromStatus;
};
