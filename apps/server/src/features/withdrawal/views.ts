import type * as data from './data.ts';

/** What members and operators see of withdrawals and bank accounts (account numbers masked). */
export const mask = (accountNumber: string) => `****${accountNumber.replace(/\s/g, '').slice(-4)}`;

export const bankAccountView = (b: data.BankAccountRow) => ({
  id: b.id,
  bankName: b.bankName,
  accountName: b.accountName,
  accountNumberMasked: mask(b.accountNumber),
  branch: b.branch,
  createdAt: b.createdAt.toISOString(),
});

const str = (v: bigint | null) => (v === null ? null : String(v));

export const withdrawalView = (w: data.WithdrawalRow) => ({
  id: w.id,
  amount: String(w.amount),
  currency: w.currency,
  status: w.status,
  receipt: w.receipt,
  caseStatus: w.caseStatus,
  resolution: w.resolution,
  bank: { bankName: w.bank.bankName, accountName: w.bank.accountName, accountNumberMasked: mask(w.bank.accountNumber) },
  reason: w.reason,
  receivedAmount: str(w.receivedAmount),
  remainingAmount: str(w.remainingAmount),
  refundAmount: str(w.refundAmount),
  hasProof: w.proofUploadId !== null,
  createdAt: w.createdAt.toISOString(),
  reviewedAt: w.reviewedAt?.toISOString() ?? null,
  paidAt: w.paidAt?.toISOString() ?? null,
  confirmDeadline: w.status === 'paid' && !w.receipt ? (w.confirmDeadline?.toISOString() ?? null) : null,
});
