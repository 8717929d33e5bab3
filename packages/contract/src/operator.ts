import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
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
    method: 'POST',
    path: '/wps/operator/session/login',
    auth: 'none',
    body: z.strictObject({ username: trimmed(1, 40), password: z.string().min(1).max(128) }),
    response: operatorLoginValue,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/wps/operator/session/logout',
    auth: 'operator',
    response: z.null(),
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/wps/operator/system/settings',
    auth: 'operator',
    response: z.object({ maintenance: maintenanceInfo, region: regionSettings }),
  }),
  setMaintenance: defineEndpoint({
    method: 'PUT',
    path: '/wps/operator/system/maintenance',
    auth: 'operator',
    roles: ['admin'],
    body: z.strictObject({
      enabled: z.boolean(),
      endTime: z.iso.datetime({ offset: true }).nullable(),
      message: z.string().trim().max(500).default(''),
    }),
    response: maintenanceInfo,
  }),
  setRegion: defineEndpoint({
    method: 'PUT',
    path: '/wps/operator/system/region',
    auth: 'operator',
    roles: ['admin'],
    body: regionSettings.strict(),
    response: regionSettings,
  }),
};
