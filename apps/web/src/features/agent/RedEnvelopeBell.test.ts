import { describe, expect, it } from 'vitest';
import { memberRedEnvelopeEndpoints } from '@app/contract';
import { RED_ENVELOPE_LIST } from './RedEnvelopeBell.tsx';

describe('red envelope bell', () => {
  it('names the contract endpoint exactly', () => {
    const { method, path, auth } = memberRedEnvelopeEndpoints.list;
    expect(RED_ENVELOPE_LIST).toMatchObject({ method, path, auth });
  });
});
