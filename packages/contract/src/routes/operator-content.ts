import { defineRoutes } from '../route.ts';

const CONTENT_ROLES = ['content'] as const;

export const operatorContentRoutes = defineRoutes('operatorContent', {
  listBanners: { method: 'GET', path: '/wps/operator/content/banners', auth: 'operator', roles: CONTENT_ROLES },
  createBanner: { method: 'POST', path: '/wps/operator/content/banners', auth: 'operator', roles: CONTENT_ROLES },
  updateBanner: { method: 'PUT', path: '/wps/operator/content/banners', auth: 'operator', roles: CONTENT_ROLES },
  deleteBanner: { method: 'DELETE', path: '/wps/operator/content/banners', auth: 'operator', roles: CONTENT_ROLES },
  listAnnouncements: {
    method: 'GET',
    path: '/wps/operator/content/announcements',
    auth: 'operator',
    roles: CONTENT_ROLES,
  },
  createAnnouncement: {
    method: 'POST',
    path: '/wps/operator/content/announcements',
    auth: 'operator',
    roles: CONTENT_ROLES,
  },
  updateAnnouncement: {
    method: 'PUT',
    path: '/wps/operator/content/announcements',
    auth: 'operator',
    roles: CONTENT_ROLES,
  },
  deleteAnnouncement: {
    method: 'DELETE',
    path: '/wps/operator/content/announcements',
    auth: 'operator',
    roles: CONTENT_ROLES,
  },
  listHelp: { method: 'GET', path: '/wps/operator/content/help', auth: 'operator', roles: CONTENT_ROLES },
  createHelp: { method: 'POST', path: '/wps/operator/content/help', auth: 'operator', roles: CONTENT_ROLES },
  updateHelp: { method: 'PUT', path: '/wps/operator/content/help', auth: 'operator', roles: CONTENT_ROLES },
  deleteHelp: { method: 'DELETE', path: '/wps/operator/content/help', auth: 'operator', roles: CONTENT_ROLES },
  listDomains: { method: 'GET', path: '/wps/operator/content/domains', auth: 'operator', roles: CONTENT_ROLES },
  createDomain: { method: 'POST', path: '/wps/operator/content/domains', auth: 'operator', roles: CONTENT_ROLES },
  updateDomain: { method: 'PUT', path: '/wps/operator/content/domains', auth: 'operator', roles: CONTENT_ROLES },
  deleteDomain: { method: 'DELETE', path: '/wps/operator/content/domains', auth: 'operator', roles: CONTENT_ROLES },
  setDomainOrder: {
    method: 'PUT',
    path: '/wps/operator/content/domains/order',
    auth: 'operator',
    roles: CONTENT_ROLES,
  },
  /** A banner, logo or icon image: the raw png or jpg bytes, public once stored (served by contentRoutes.siteImage). */
  uploadImage: { method: 'POST', path: '/wps/operator/content/images', auth: 'operator', roles: CONTENT_ROLES },
  /** Customer service entries, resources and social links, app download links: each list replaced whole. */
  links: { method: 'GET', path: '/wps/operator/content/links', auth: 'operator', roles: CONTENT_ROLES },
  setLinks: { method: 'PUT', path: '/wps/operator/content/links', auth: 'operator', roles: CONTENT_ROLES },
  /** The brand's settings: languages, currency display, theme and logo, registration (admin only). */
  brand: { method: 'GET', path: '/wps/operator/brand', auth: 'operator', roles: ['admin'] },
  setBrand: { method: 'PUT', path: '/wps/operator/brand', auth: 'operator', roles: ['admin'] },
  setHotGames: { method: 'PUT', path: '/wps/operator/catalog/games/hot', auth: 'operator', roles: CONTENT_ROLES },
  listVendors: { method: 'GET', path: '/wps/operator/catalog/vendors', auth: 'operator', roles: CONTENT_ROLES },
  setVendorOrder: {
    method: 'PUT',
    path: '/wps/operator/catalog/vendors/order',
    auth: 'operator',
    roles: CONTENT_ROLES,
  },
  setVendorEnabled: {
    method: 'PUT',
    path: '/wps/operator/catalog/vendors/enabled',
    auth: 'operator',
    roles: CONTENT_ROLES,
  },
});
