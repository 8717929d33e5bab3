import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES, language } from './enums.ts';
import { patternId } from './patterns.ts';
import { operatorContentRoutes } from './routes/operator-content.ts';
import { REGISTER_FIELDS, registerField, registerSetting, theme, whitelabel } from './system.ts';

/**
 * The operator's editors for a brand's links (customer service, resources and social links, app
 * download) and its settings (languages, currency display, theme and logo, registration). Settings
 * are read on every request from a short in-memory cache that each server process drops when any
 * process announces a change on the bus (decision 082).
 */

/** An image the site shows: one of our uploaded site images, a path of the site, or an https address. */
export const SITE_IMAGE_PATH = '/wps/site-images/';
export const siteAddress = z
  .string()
  .trim()
  .min(1, 'Cannot be empty')
  .max(500)
  .regex(/^(https:\/\/|\/)[^\s"'<>\\]*$/, 'Use an https:// address or a path of the site starting with /');
/** Where a link leads: https, a site path, or the chat room (`app:chat`); telegram/whatsapp links are https too. */
export const linkTarget = z
  .string()
  .trim()
  .min(1, 'Cannot be empty')
  .max(500)
  .regex(
    /^(https:\/\/[^\s"'<>\\]+|\/[^\s"'<>\\]*|app:chat|mailto:[^\s"'<>\\]+)$/,
    'Use an https:// address, a path starting with /, mailto: or app:chat',
  );

const names = z.partialRecord(language, z.string().trim().min(1, 'Cannot be empty').max(60));

export const customerServiceInput = z.strictObject({
  csType: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]{2,32}$/, 'Use 2-32 letters or _ (LIVECHAT, TELEGRAM, WHATSAPP…)'),
  /** The name in the brand's default language. */
  displayName: z.string().trim().min(1, 'Cannot be empty').max(60),
  /** The name in other languages, where it differs. */
  names: names.optional(),
  path: linkTarget,
});
export const resourceInput = z.strictObject({
  resourceType: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]{1,32}$/, 'Use letters or _ (SOCIAL, APP…)'),
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/, 'Use letters, digits or _'),
  url: linkTarget,
});
export const appDownloadInput = z.strictObject({ ios: linkTarget, android: linkTarget, lite: linkTarget });

const unique =
  <T>(key: (v: T) => string, what: string) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((v, i) => {
      const k = key(v).toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: `${what} appears twice` });
      seen.add(k);
    });
  };

export const siteLinksValue = z.object({
  customerService: z.array(
    z.object({
      csType: z.string(),
      displayName: z.string(),
      names: z.record(z.string(), z.string()),
      path: z.string(),
    }),
  ),
  resources: z.array(z.object({ resourceType: z.string(), key: z.string(), url: z.string() })),
  appDownload: whitelabel.shape.appDownload,
});
export type SiteLinks = z.infer<typeof siteLinksValue>;

export const siteLinksBody = z.strictObject({
  customerService: z
    .array(customerServiceInput)
    .max(20)
    .superRefine(unique((c) => c.csType + ' ' + c.path, 'This entry'))
    .optional(),
  resources: z
    .array(resourceInput)
    .max(50)
    .superRefine(unique((r) => `${r.resourceType}/${r.key}`, 'This type and key'))
    .optional(),
  appDownload: appDownloadInput.optional(),
});

/** A colour as the theme stores it. */
export const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1a2b3c');
export const themeInput = z.strictObject(
  Object.fromEntries(Object.keys(theme.shape).map((k) => [k, hexColour])) as Record<
    keyof typeof theme.shape,
    typeof hexColour
  >,
);

/**
 * A registration field as the operator sets it: shown, required, and its rule as a pattern family
 * with lengths. The server writes the family's own pattern, so no operator regular expression runs.
 */
export const registerFieldInput = z
  .strictObject({
    field: registerField,
    enabled: z.boolean(),
    required: z.boolean(),
    patternId: patternId,
    minLength: z.number().int().min(0).max(128),
    maxLength: z.number().int().min(1).max(128),
  })
  .refine((f) => f.minLength <= f.maxLength, { message: 'min must not be above max', path: ['minLength'] });

/** Fields every form has: username and password are always shown and required. */
export const ALWAYS_REGISTER_FIELDS = ['username', 'password'] as const;

export const registerSettingInput = z
  .strictObject({
    mobileRegistration: z.boolean(),
    usernameRegistration: z.boolean(),
    smsVerification: z.boolean(),
    captcha: z.boolean(),
    smsExpiredMinutes: z.number().int().min(1).max(30),
    fields: z.array(registerFieldInput).min(1).max(REGISTER_FIELDS.length),
  })
  .superRefine((s, ctx) => {
    if (!s.mobileRegistration && !s.usernameRegistration)
      ctx.addIssue({ code: 'custom', path: ['usernameRegistration'], message: 'Keep at least one way to register' });
    unique<{ field: string }>((f) => f.field, 'This field')(s.fields, ctx);
    s.fields.forEach((f, i) => {
      if ((ALWAYS_REGISTER_FIELDS as readonly string[]).includes(f.field) && !(f.enabled && f.required))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'required'],
          message: `${f.field} is always shown and required`,
        });
      if (f.required && !f.enabled)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'enabled'], message: 'A required field must be shown' });
    });
  });

export const brandSettingsValue = z.object({
  siteName: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  languages: z.array(language),
  defaultLanguage: language,
  /** Fixed at the brand's creation: the ledger's minor units depend on them. */
  currency: z.string(),
  currencyExponent: z.number().int(),
  currencySymbol: z.string(),
  theme: theme,
  register: registerSetting,
});
export type BrandSettings = z.infer<typeof brandSettingsValue>;

export const brandSettingsBody = z
  .strictObject({
    siteName: z.string().trim().min(1, 'Cannot be empty').max(60),
    logoUrl: siteAddress,
    faviconUrl: siteAddress,
    languages: z
      .array(language)
      .min(1, `Keep at least one of ${LANGUAGES.join(', ')}`)
      .max(LANGUAGES.length)
      .refine((l) => new Set(l).size === l.length, 'A language appears twice'),
    defaultLanguage: language,
    currencySymbol: z.string().trim().min(1, 'Cannot be empty').max(8),
    theme: themeInput,
    register: registerSettingInput,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Change at least one setting');
export type BrandSettingsBody = z.infer<typeof brandSettingsBody>;

export const siteImageValue = z.object({ id: z.string(), url: z.string(), mime: z.string(), size: z.number() });

/** Spread into `operatorContentEndpoints` (their routes are the content group's). */
export const siteSettingsOperations = {
  uploadImage: defineEndpoint({
    ...operatorContentRoutes.uploadImage,
    response: siteImageValue,
    summary: 'The body is the image itself (Content-Type image/png or image/jpeg, at most 5 MB).',
  }),
  links: defineEndpoint({ ...operatorContentRoutes.links, response: siteLinksValue }),
  setLinks: defineEndpoint({
    ...operatorContentRoutes.setLinks,
    body: siteLinksBody.refine((b) => Object.keys(b).length > 0, 'Change at least one list'),
    response: siteLinksValue,
  }),
  brand: defineEndpoint({ ...operatorContentRoutes.brand, response: brandSettingsValue }),
  setBrand: defineEndpoint({
    ...operatorContentRoutes.setBrand,
    body: brandSettingsBody,
    response: brandSettingsValue,
    summary: 'Applies on every server instance at once; the default language must be one of the languages.',
  }),
};
