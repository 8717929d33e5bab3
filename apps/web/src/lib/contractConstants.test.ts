import {
  AGENT_TYPES,
  ErrorCode,
  IN_APP_CHAT_PATH as CHAT_PATH,
  LIMITS,
  SystemStatus,
  TRIAL_TYPES,
  isAgentType as contractIsAgent,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODE,
  HOME_LIMITS,
  IN_APP_CHAT_PATH,
  SYSTEM_STATUS,
  isAgentType,
  isTrialType,
} from './contractConstants.ts';

/** The first-load mirror of contract constants must stay equal to the contract (see the file). */
describe('contract constants mirrored for the first load', () => {
  it('match the contract', () => {
    expect(SYSTEM_STATUS).toEqual(SystemStatus);
    expect(IN_APP_CHAT_PATH).toBe(CHAT_PATH);
    for (const [key, value] of Object.entries(ERROR_CODE)) expect(ErrorCode[key as keyof typeof ErrorCode]).toBe(value);
    for (const [key, value] of Object.entries(HOME_LIMITS)) expect(LIMITS[key as keyof typeof LIMITS]).toBe(value);
  });

  it('classify member types like the contract', () => {
    for (let type = 0; type <= 64; type++) {
      expect(isAgentType(type)).toBe(contractIsAgent(type));
      expect(isTrialType(type)).toBe((TRIAL_TYPES as readonly number[]).includes(type));
    }
    expect(AGENT_TYPES.every(isAgentType)).toBe(true);
  });
});
