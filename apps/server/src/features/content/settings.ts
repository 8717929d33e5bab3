import {
  ALWAYS_REGISTER_FIELDS,
  ruleOf,
  type BodyOutput,
  type BrandSettings,
  type RegisterSetting,
  type SiteLinks,
  type operatorContentEndpoints,
} from '@app/contract';
import { AppError } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';

type E = typeof operatorContentEndpoints;
type LinksBody = BodyOutput<E['setLinks']>;
type BrandBody = BodyOutput<E['setBrand']>;
type RegisterInput = NonNullable<BrandBody['register']>;

const invalid = (fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', Object.values(fields)[0]!, 400, null, fields);

/** The operator's register setting as stored: each field's rule is its family's own pattern. */
export const registerSettingOf = (input: RegisterInput): RegisterSetting => {
  const missing = ALWAYS_REGISTER_FIELDS.filter((f) => !input.fields.some((x) => x.field === f));
  if (missing.length)
    throw invalid({ fields: `Keep the ${missing.join(' and ')} field${missing.length > 1 ? 's' : ''}` });
  return {
    mobileRegistration: input.mobileRegistration,
    usernameRegistration: input.usernameRegistration,
    smsVerification: input.smsVerification,
    captcha: input.captcha,
    smsExpiredMinutes: input.smsExpiredMinutes,
    fields: input.fields.map((f) => ({
      field: f.field,
      enabled: f.enabled,
      required: f.required,
      rule: ruleOf(f.patternId, f.minLength, f.maxLength),
    })),
  };
};

/** Only the keys a request changed, for the audit's before and after. */
const pick = <T extends object>(o: T, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]]));

/**
 * A brand's links and settings as operators edit them. Every change goes through the merchant
 * service, which drops the cached brand on every instance (decision 082), so the next request
 * anywhere reads the new value.
 */
export const createSiteSettings = ({ merchants }: { merchants: MerchantService }) => {
  const links = async (merchantId: number): Promise<SiteLinks> => {
    const b = await merchants.brand(merchantId);
    return {
      customerService: b.customerService.map((c) => ({
        csType: c.csType,
        displayName: c.displayName,
        names: c.names,
        path: c.path,
      })),
      resources: b.resources.map((r) => ({ resourceType: r.resourceType, key: r.key, url: r.url })),
      appDownload: b.merchant.appDownload,
    };
  };

  const settings = async (merchantId: number): Promise<BrandSettings> => {
    const { merchant: m } = await merchants.brand(merchantId);
    return {
      siteName: m.siteName,
      logoUrl: m.logoUrl,
      faviconUrl: m.faviconUrl,
      languages: m.languages,
      defaultLanguage: m.defaultLanguage,
      currency: m.currency,
      currencyExponent: m.currencyExponent,
      currencySymbol: m.currencySymbol,
      theme: m.theme,
      register: m.registerSetting,
    };
  };

  return {
    links,

    /** Replaces the lists the body names; answers them before and after. */
    async setLinks(merchantId: number, body: LinksBody) {
      const before = await links(merchantId);
      if (body.customerService) {
        await merchants.replaceCustomerService(
          merchantId,
          body.customerService.map((c, i) => ({
            csType: c.csType.toUpperCase(),
            displayName: c.displayName,
            names: c.names ?? {},
            path: c.path,
            sort: i,
          })),
        );
      }
      if (body.resources) {
        await merchants.replaceResources(
          merchantId,
          body.resources.map((r, i) => ({
            resourceType: r.resourceType.toUpperCase(),
            key: r.key,
            url: r.url,
            sort: i,
          })),
        );
      }
      if (body.appDownload) await merchants.update(merchantId, { appDownload: body.appDownload });
      const after = await links(merchantId);
      const keys = Object.keys(body);
      return { before: pick(before, keys), after: pick(after, keys), value: after };
    },

    settings,

    /** Changes the settings the body names; the default language must stay one of the languages. */
    async setBrand(merchantId: number, body: BrandBody) {
      const before = await settings(merchantId);
      const languages = body.languages ?? before.languages;
      const defaultLanguage = body.defaultLanguage ?? before.defaultLanguage;
      if (!languages.includes(defaultLanguage)) {
        throw invalid({
          [body.defaultLanguage ? 'defaultLanguage' : 'languages']:
            `The default language ${defaultLanguage} must be one of the site's languages`,
        });
      }
      const { merchant } = await merchants.brand(merchantId);
      const register = body.register ? registerSettingOf(body.register) : undefined;
      await merchants.update(merchantId, {
        ...(body.siteName !== undefined && { siteName: body.siteName }),
        ...(body.logoUrl !== undefined && { logoUrl: body.logoUrl }),
        ...(body.faviconUrl !== undefined && { faviconUrl: body.faviconUrl }),
        ...(body.languages && { languages: body.languages }),
        ...(body.defaultLanguage && { defaultLanguage: body.defaultLanguage }),
        ...(body.currencySymbol !== undefined && { currencySymbol: body.currencySymbol }),
        ...(body.theme && { theme: body.theme }),
        ...(register && {
          registerSetting: register,
          // The whitelabel's flag says the same as the register setting, for clients that read it.
          features: { ...merchant.features, mobileRegistration: register.mobileRegistration },
        }),
      });
      const after = await settings(merchantId);
      const keys = Object.keys(body);
      return { before: pick(before, keys), after: pick(after, keys), value: after };
    },
  };
};

export type SiteSettings = ReturnType<typeof createSiteSettings>;
