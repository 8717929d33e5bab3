import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { operatorRoutes } from './routes/operator.ts';
import { maintenanceInfo } from './system.ts';

export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'content'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);

const trimmed = (min: number, max: number) => z.string().trim().min(min).max(max);
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code');
const cidr = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'Use an IP address or CIDR such as 10.0.0.0/8');

export const operatorLoginValue = z.object({
  token: z.string(),
  username: z.string(),
  role: operatorRole,
});

export const regionSettings = z.object({
  blockedCountries: z.array(countryCode).max(250),
  allowedCountries: z.array(countryCode).max(250),
  cidrAllow: z.array(cidr).max(500),
  cidrBlock: z.array(cidr).max(500),
});

export const operatorEndpoints = {
  login: defineEndpoint({
    ...operatorRoutes.login,
    body: z.strictObject({ username: trimmed(1, 40), password: z.string().min(1).max(128) }),
    response: operatorLoginValue,
  }),
  logout: defineEndpoint({ ...operatorRoutes.logout, response: z.null() }),
  settings: defineEndpoint({
    ...operatorRoutes.settings,
    response: z.object({ maintenance: maintenanceInfo, region: regionSettings }),
  }),
  setMaintenance: defineEndpoint({
    ...operatorRoutes.setMaintenance,
    body: z.strictObject({
      enabled: z.boolean(),
      endTime: z.iso.datetime({ offset: true }).nullable(),
      message: z.string().trim().max(500).default(''),
    }),
    response: maintenanceInfo,
  }),
  setRegion: defineEndpoint({ ...operatorRoutes.setRegion, body: regionSettings.strict(), response: regionSettings }),
};
