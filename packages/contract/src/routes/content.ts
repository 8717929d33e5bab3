import { defineRoutes } from '../route.ts';

export const contentRoutes = defineRoutes('content', {
  listAnnouncements: { method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', auth: 'optional' },
  gameAnnouncements: { method: 'GET', path: '/wps/relay/GCSGAME_gameAnnouncements', auth: 'none' },
  help: { method: 'GET', path: '/wps/relay/getHelpV2', auth: 'none' },
  resources: { method: 'GET', path: '/wps/relay/MCSFE_getResources', auth: 'none' },
  customerService: { method: 'GET', path: '/wps/relay/MCSFE_getCustomerService', auth: 'none' },
  mirrorDomains: { method: 'GET', path: '/wps/relay/MCSFE_getMirrorDomains', auth: 'none' },
  /** An image an operator uploaded for the site (banners, logo): the bytes, cached for good. */
  siteImage: { method: 'GET', path: '/wps/site-images/:id', auth: 'none' },
});
