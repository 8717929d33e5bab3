import { memberEndpoints, operatorContentEndpoints as op, type BodyOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/api/index.ts';
import { operatorApi, useOperatorSession } from './client.ts';
import { useDeskMutation } from './mutation.ts';

const useDeskQuery = <T>(key: string, fn: (signal: AbortSignal) => Promise<T>, enabled = true) => {
  const s = useOperatorSession();
  return useQuery({
    queryKey: ['console', key, s?.token],
    queryFn: ({ signal }) => fn(signal),
    enabled: !!s && enabled,
  });
};

/** GET /wps/operator/content/banners (content). */
export const useBanners = () =>
  useDeskQuery('banners', async (signal) => (await operatorApi.call(op.listBanners, { signal })).list);
export const useSaveBanner = () =>
  useDeskMutation((b: BodyOf<typeof op.createBanner> & { id?: number }) =>
    b.id
      ? operatorApi.call(op.updateBanner, { body: { ...b, id: b.id } })
      : operatorApi.call(op.createBanner, { body: b }),
  );
export const useDeleteBanner = () =>
  useDeskMutation((id: number) => operatorApi.call(op.deleteBanner, { query: { id } }));

/** GET /wps/operator/content/announcements (content). */
export const useAnnouncements = () =>
  useDeskQuery('announcements', async (signal) => (await operatorApi.call(op.listAnnouncements, { signal })).list);
export const useSaveAnnouncement = () =>
  useDeskMutation((a: BodyOf<typeof op.createAnnouncement> & { id?: number }) =>
    a.id
      ? operatorApi.call(op.updateAnnouncement, { body: { ...a, id: a.id } })
      : operatorApi.call(op.createAnnouncement, { body: a }),
  );
export const useDeleteAnnouncement = () =>
  useDeskMutation((id: number) => operatorApi.call(op.deleteAnnouncement, { query: { id } }));

/** GET /wps/operator/content/help (content): one row per term and language. */
export const useHelpArticles = () =>
  useDeskQuery('help', async (signal) => (await operatorApi.call(op.listHelp, { signal })).list);
export const useSaveHelp = () =>
  useDeskMutation((h: BodyOf<typeof op.createHelp> & { id?: number }) =>
    h.id ? operatorApi.call(op.updateHelp, { body: { ...h, id: h.id } }) : operatorApi.call(op.createHelp, { body: h }),
  );
export const useDeleteHelp = () => useDeskMutation((id: number) => operatorApi.call(op.deleteHelp, { query: { id } }));

/** GET /wps/operator/content/links (content): customer service, resources, app download. */
export const useSiteLinks = () => useDeskQuery('links', (signal) => operatorApi.call(op.links, { signal }));
export const useSetSiteLinks = () =>
  useDeskMutation((body: BodyOf<typeof op.setLinks>) => operatorApi.call(op.setLinks, { body }));

/** POST /wps/operator/content/images: a png or jpg for the site; answers its public address. */
export const useUploadSiteImage = () => useDeskMutation((file: File) => uploadFile(operatorApi, op.uploadImage, file));

/** GET /wps/operator/brand (admin). */
export const useBrandSettings = (enabled: boolean) =>
  useDeskQuery('brand', (signal) => operatorApi.call(op.brand, { signal }), enabled);
export const useSetBrandSettings = () =>
  useDeskMutation((body: BodyOf<typeof op.setBrand>) => operatorApi.call(op.setBrand, { body }));

/** GET /wps/operator/account/settings: password expiry, extra verification (admin changes them). */
export const useAccountSettings = (enabled: boolean) =>
  useDeskQuery('account-settings', (signal) => operatorApi.call(memberEndpoints.accountSettings, { signal }), enabled);
export const useSetAccountSettings = () =>
  useDeskMutation((body: BodyOf<typeof memberEndpoints.updateAccountSettings>) =>
    operatorApi.call(memberEndpoints.updateAccountSettings, { body }),
  );
