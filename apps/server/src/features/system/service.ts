import type { SystemStatusResponse, Whitelabel } from '@app/contract';
import { SystemStatus } from '@app/contract';
import type { Brand, MerchantService } from '../merchant/service.ts';
import { judgeRegion } from './region.ts';

export const whitelabelOf = (brand: Brand): Whitelabel => {
  const m = brand.merchant;
  return {
    merchantCode: m.code,
    siteName: m.siteName,
    logoUrl: m.logoUrl,
    faviconUrl: m.faviconUrl,
    platform: 'WEB',
    lotteryType: m.lotteryType,
    languages: m.languages,
    defaultLanguage: m.defaultLanguage,
    currency: m.currency,
    currencySymbol: m.currencySymbol,
    currencyExponent: m.currencyExponent,
    timezone: m.timezone,
    theme: m.theme,
    appDownload: m.appDownload,
    mirrorDomains: brand.domains.filter((d) => d.isMirror && d.status === 'active').map((d) => d.host),
    features: m.features,
  };
};

export const isUnderMaintenance = (brand: Brand, now = new Date()): boolean => {
  const m = brand.merchant;
  if (!m.maintenanceEnabled) return false;
  // An end time in the past means the window is over, even if nobody flipped the switch back.
  return !m.maintenanceEndTime || m.maintenanceEndTime.getTime() > now.getTime();
};

export const regionOf = (brand: Brand, ip: string) => judgeRegion(ip, brand.merchant);

/** The first call every client makes (spec §4): which screen to show and how to brand it. */
export const systemStatusOf = (brand: Brand, ip: string, host: string): SystemStatusResponse => {
  const m = brand.merchant;
  const maintenance = isUnderMaintenance(brand);
  const region = regionOf(brand, ip);
  const systemStatus = maintenance
    ? SystemStatus.MAINTENANCE
    : region.restricted
      ? SystemStatus.REGION_RESTRICTED
      : SystemStatus.NORMAL;
  return {
    systemStatus,
    customerService: brand.customerService.map((c) => ({
      csType: c.csType,
      path: c.path,
      displayName: c.displayName,
      names: c.names,
    })),
    domainRoute: { host, merchantCode: m.code },
    resources: brand.resources.map((r) => ({ resourceType: r.resourceType, key: r.key, url: r.url })),
    whitelabel: whitelabelOf(brand),
    register: m.registerSetting,
    mainDomain: m.mainDomain,
    analytics: { id: m.analyticsId },
    location: { ip, country: region.country },
    maintenance: {
      enabled: maintenance,
      endTime: m.maintenanceEndTime ? m.maintenanceEndTime.toISOString() : null,
      message: m.maintenanceMessage,
    },
    regionRestriction: region,
    imageCDNs: m.imageCdns,
    launchGameCDNs: m.launchGameCdns,
    serverTime: new Date().toISOString(),
  };
};

/**
 * The brand's web app manifest: what a phone needs to install the site as an app (Android Chrome
 * "Install app", iOS "Add to Home Screen"); the download guides explain it (decision 058).
 */
export const manifestOf = (brand: Brand) => {
  const m = brand.merchant;
  const icon = (src: string) => ({
    src,
    sizes: 'any',
    type: src.endsWith('.svg') ? 'image/svg+xml' : src.endsWith('.png') ? 'image/png' : undefined,
    purpose: 'any',
  });
  return {
    id: '/',
    name: m.siteName,
    short_name: m.siteName.slice(0, 12),
    description: m.name,
    lang: m.defaultLanguage.toLowerCase(),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: m.theme.background,
    theme_color: m.theme.background,
    icons: [...new Set([m.faviconUrl, m.logoUrl])].filter(Boolean).map(icon),
  };
};

export interface SystemDeps {
  merchants: MerchantService;
}

/** The brand as the first calls of every client see it (spec §4). */
export const createSystemService = ({ merchants }: SystemDeps) => ({
  async status(merchantId: number, ip: string, host: string) {
    return systemStatusOf(await merchants.brand(merchantId), ip, host);
  },
  async whitelabel(merchantId: number) {
    return whitelabelOf(await merchants.brand(merchantId));
  },
  /** The manifest is fetched outside the API, where the gates have not resolved the brand: by host. */
  async manifest(host: string) {
    return manifestOf(await merchants.brand(await merchants.resolveId(host)));
  },
  async registerSetting(merchantId: number) {
    return (await merchants.brand(merchantId)).merchant.registerSetting;
  },
});

export type SystemService = ReturnType<typeof createSystemService>;
