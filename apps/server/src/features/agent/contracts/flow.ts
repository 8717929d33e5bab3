/**
 * The contract state machine (spec §4 "Contract flow"), pure.
 *
 *   offered ──accept (downline)──► active ──request termination (either side)──► terminating
 *      │ reject (downline) ► rejected        ▲   agree (the other side) ► terminated
 *      │ withdraw (upline) ► withdrawn       └── decline (the other side) / cancel (the requester)
 *
 * The upline side is the agent who offered the contract, or the house for a top-level agent.
 * The system also ends contracts on its own, always as the consequence of a party's action that
 * party confirmed: a replaced contract, or a downline contract that would pay more than its
 * upline's new terms (see service).
 */

export const CONTRACT_STATUSES = ['offered', 'active', 'terminating', 'rejected', 'withdrawn', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export type Side = 'upline' | 'downline';
export type ContractAction =
  | 'accept'
  | 'reject'
  | 'withdraw'
  | 'requestTermination'
  | 'agreeTermination'
  | 'declineTermination'
  | 'cancelTermination';
export const CONTRACT_ACTIONS: readonly ContractAction[] = [
  'accept',
  'reject',
  'withdraw',
  'requestTermination',
  'agreeTermination',
  'declineTermination',
  'cancelTermination',
];

/** Why a contract ended, kept on the row and shown in its history. */
export type EndReason =
  | 'rejected'
  | 'withdrawn'
  | 'agreed'
  | 'replaced'
  | 'upline_terms_lowered'
  | 'upline_contract_ended'
  | 'offer_invalidated'
  /** An operator moved the downline under another upline (decision 079). */
  | 'upline_changed';

export interface ContractState {
  status: ContractStatus;
  terminationRequestedBy: Side | null;
}

export type FlowResult =
  | { ok: true; next: ContractState; endReason: EndReason | null }
  | { ok: false; code: string; message: string; status: 403 | 409 };

const refuse = (code: string, message: string, status: 403 | 409 = 409): FlowResult => ({
  ok: false,
  code,
  message,
  status,
});
const to = (
  status: ContractStatus,
  terminationRequestedBy: Side | null = null,
  endReason: EndReason | null = null,
): FlowResult => ({
  ok: true,
  next: { status, terminationRequestedBy },
  endReason,
});

export const isOpen = (s: ContractStatus) => s === 'offered' || s === 'active' || s === 'terminating';
export const isInForce = (s: ContractStatus) => s === 'active' || s === 'terminating';

export const transition = (state: ContractState, action: ContractAction, side: Side): FlowResult => {
  const { status, terminationRequestedBy } = state;
  switch (action) {
    case 'accept':
    case 'reject':
      if (status !== 'offered')
        return refuse('CONTRACT_NOT_OFFERED', 'This contract is no longer waiting for an answer');
      if (side !== 'downline')
        return refuse('CONTRACT_WRONG_PARTY', 'Only the agent it was offered to can answer this offer', 403);
      return action === 'accept' ? to('active') : to('rejected', null, 'rejected');
    case 'withdraw':
      if (status !== 'offered')
        return refuse('CONTRACT_NOT_OFFERED', 'Only an offer that has not been answered can be withdrawn');
      if (side !== 'upline')
        return refuse('CONTRACT_WRONG_PARTY', 'Only the agent who made the offer can withdraw it', 403);
      return to('withdrawn', null, 'withdrawn');
    case 'requestTermination':
      if (status === 'terminating')
        return refuse('TERMINATION_ALREADY_REQUESTED', 'Termination has already been requested');
      if (status !== 'active') return refuse('CONTRACT_NOT_ACTIVE', 'Only a contract in force can be terminated');
      return to('terminating', side);
    case 'agreeTermination':
    case 'declineTermination':
      if (status !== 'terminating')
        return refuse('TERMINATION_NOT_REQUESTED', 'Nobody has asked to terminate this contract');
      if (terminationRequestedBy === side) {
        return refuse('CONTRACT_WRONG_PARTY', 'The other side has to answer your termination request', 403);
      }
      return action === 'agreeTermination' ? to('terminated', null, 'agreed') : to('active');
    case 'cancelTermination':
      if (status !== 'terminating')
        return refuse('TERMINATION_NOT_REQUESTED', 'Nobody has asked to terminate this contract');
      if (terminationRequestedBy !== side)
        return refuse('CONTRACT_WRONG_PARTY', 'Only the side that asked can cancel the request', 403);
      return to('active');
  }
};

/**
 * Whether an action by `side` ends a contract the acting side itself receives on: then that side's
 * own downline contracts of the same kind lose their cover, and the action needs its confirmation.
 * The downline side of a contract is the one whose own downlines depend on it.
 */
export const endsOwnContract = (action: ContractAction, side: Side, state: ContractState): boolean =>
  side === 'downline' &&
  ((action === 'agreeTermination' && state.status === 'terminating') ||
    (action === 'requestTermination' && state.status === 'active'));
