import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { depositRoutes } from './routes/deposit.ts';
import { depositOperatorRoutes } from './routes/deposit-operator.ts';
import { withdrawalRoutes } from './routes/withdrawal.ts';
import { withdrawalOperatorRoutes } from './routes/withdrawal-operator.ts';
import { transferRoutes } from './routes/transfer.ts';
import { messageRoutes } from './routes/message.ts';
import { uploadRoutes } from './routes/upload.ts';
import { amountField, amountsInOrder } from './money.ts';
import { serialId } from './input.ts';
import { amountInput, signedMinorUnits, paged, pagingQuery, recordId, requestId } from './wallet.ts';

/**
 * Deposits and withdrawals (spec §1, §2 depositv2 and withdraw, §3 withdrawal confirmation, §4
 * withdrawal states, §5 upload limits). Deposits go through operator-configured channels: bank
 * transfer (an operator confirms) or a payment gateway (a signed webhook confirms). A withdrawal
 * holds its money at once, is approved or rejected by an operator, paid, and then confirmed by the
 * member (received, partly received, not received) or automatically after the brand's minutes.
 */

export const uploadId = z.string().uuid('Upload the image first');

// ── Deposits ───────────────────────────────────────────────────────────────────────────────────

export const DEPOSIT_KINDS = ['bank', 'gateway'] as const;
export const depositKind = z.enum(DEPOSIT_KINDS);
export const DEPOSIT_STATUSES = ['pending', 'credited', 'rejected', 'failed'] as const;
export const depositStatus = z.enum(DEPOSIT_STATUSES);
export const PAYMENT_GATEWAYS = ['sandbox'] as const;
export const paymentGateway = z.enum(PAYMENT_GATEWAYS);

export const bankDetails = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branch: z.string().nullable(),
  pixKey: z.string().nullable(),
  instructions: z.string().nullable(),
});

export const depositChannel = z.object({
  id: z.number(),
  code: z.string(),
  kind: depositKind,
  name: z.string(),
  minAmount: signedMinorUnits,
  maxAmount: signedMinorUnits,
  /** Bank channels: where to send the money. */
  bank: bankDetails.nullable(),
  gateway: paymentGateway.nullable(),
});

export const depositView = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  kind: depositKind,
  amount: signedMinorUnits,
  currency: z.string(),
  status: depositStatus,
  reference: z.string().nullable(),
  hasProof: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const depositCreated = z.object({
  deposit: depositView,
  /** Gateway deposits: the page where the member pays. */
  payUrl: z.string().nullable(),
});

export const operatorDepositView = depositView.extend({
  memberId: z.number(),
  username: z.string(),
  proofUploadId: z.string().nullable(),
  gatewayRef: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});

const bankDetailsInput = z.strictObject({
  bankName: z.string().trim().min(2).max(60),
  accountName: z.string().trim().min(2).max(60),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z .\-/]{3,40}$/, 'Letters, digits, spaces, . - / only'),
  branch: z.string().trim().max(40).nullable().default(null),
  pixKey: z.string().trim().max(80).nullable().default(null),
  instructions: z.string().trim().max(300).nullable().default(null),
});

const channelInput = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(/^[A-Z0-9_]{2,20}$/, 'Use 2-20 capital letters, digits or _'),
    kind: depositKind,
    name: z.string().trim().min(2).max(60),
    enabled: z.boolean(),
    minAmount: amountField('Enter whole minor units', { trim: true, min: 1n }),
    maxAmount: amountField('Enter whole minor units', { trim: true, min: 1n }),
    sort: z.number().int().min(0).max(1000).default(0),
    bank: bankDetailsInput.nullable().default(null),
    gateway: paymentGateway.nullable().default(null),
  })
  .refine((c) => amountsInOrder(c.minAmount, c.maxAmount), {
    path: ['maxAmount'],
    message: 'The maximum is below the minimum',
  })
  .refine((c) => (c.kind === 'bank') === (c.bank !== null), {
    path: ['bank'],
    message: 'Bank channels need bank details, gateways none',
  })
  .refine((c) => (c.kind === 'gateway') === (c.gateway !== null), {
    path: ['gateway'],
    message: 'Gateway channels name their gateway',
  });

export const operatorChannel = depositChannel.extend({ enabled: z.boolean(), sort: z.number() });

export const depositEndpoints = {
  channels: defineEndpoint({ ...depositRoutes.channels, response: z.array(depositChannel) }),
  create: defineEndpoint({
    ...depositRoutes.create,
    body: z.strictObject({
      channelId: serialId,
      amount: amountInput,
      requestId,
      /** Bank transfers: the reference or name the member used when paying. */
      reference: z.string().trim().max(60).optional(),
      /** Bank transfers: an uploaded receipt (png or jpg, at most 5 MB). */
      proofUploadId: uploadId.optional(),
    }),
    response: depositCreated,
  }),
  list: defineEndpoint({
    ...depositRoutes.list,
    query: z.strictObject({ status: z.enum(['ALL', ...DEPOSIT_STATUSES]).default('ALL'), ...pagingQuery }),
    response: paged(depositView),
  }),
};

export const depositOperatorEndpoints = {
  list: defineEndpoint({
    ...depositOperatorRoutes.list,
    query: z.strictObject({
      status: z.enum(['ALL', ...DEPOSIT_STATUSES]).default('pending'),
      username: z.string().trim().max(40).optional(),
      ...pagingQuery,
    }),
    response: paged(operatorDepositView),
  }),
  confirm: defineEndpoint({
    ...depositOperatorRoutes.confirm,
    body: z.strictObject({}),
    response: operatorDepositView,
  }),
  reject: defineEndpoint({
    ...depositOperatorRoutes.reject,
    body: z.strictObject({ reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(300) }),
    response: operatorDepositView,
  }),
  channels: defineEndpoint({ ...depositOperatorRoutes.channels, response: z.array(operatorChannel) }),
  createChannel: defineEndpoint({
    ...depositOperatorRoutes.createChannel,
    body: channelInput,
    response: operatorChannel,
  }),
  updateChannel: defineEndpoint({
    ...depositOperatorRoutes.updateChannel,
    body: channelInput,
    response: operatorChannel,
  }),
};

/** Where payment gateways deliver their signed callbacks: /provider/payments/<gateway>/webhook. */
export const PAYMENT_WEBHOOK_PATH = '/provider/payments/:gateway/webhook';
/** Header of the sandbox gateway's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

// ── Bank accounts and withdrawals ──────────────────────────────────────────────────────────────

export const bankAccountView = z.object({
  id: z.number(),
  bankName: z.string(),
  accountName: z.string(),
  /** Only the last four characters are shown back. */
  accountNumberMasked: z.string(),
  branch: z.string().nullable(),
  createdAt: z.string(),
});

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'paid', 'completed'] as const;
export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export const RECEIPT_RESULTS = ['received', 'partly_received', 'not_received'] as const;
export const receiptResult = z.enum(RECEIPT_RESULTS);
/** How a paid withdrawal ended: confirmed by the member, by the clock, or after a case. */
export const RECEIPTS = ['received', 'auto_received', 'partly_received', 'not_received'] as const;
export const CASE_RESOLUTIONS = ['refunded', 'repaid', 'dismissed'] as const;
export const caseResolution = z.enum(CASE_RESOLUTIONS);

export const withdrawalView = z.object({
  id: z.number(),
  amount: signedMinorUnits,
  currency: z.string(),
  status: withdrawalStatus,
  receipt: z.enum(RECEIPTS).nullable(),
  caseStatus: z.enum(['open', 'resolved']).nullable(),
  resolution: caseResolution.nullable(),
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNumberMasked: z.string() }),
  reason: z.string().nullable(),
  receivedAmount: signedMinorUnits.nullable(),
  remainingAmount: signedMinorUnits.nullable(),
  refundAmount: signedMinorUnits.nullable(),
  hasProof: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Paid withdrawals: when it will count as received if the member says nothing. */
  confirmDeadline: z.string().nullable(),
});

export const operatorWithdrawalView = withdrawalView.extend({
  memberId: z.number(),
  username: z.string(),
  accountNumber: z.string(),
  proofUploadId: z.string().nullable(),
  note: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  paidBy: z.string().nullable(),
  payoutReference: z.string().nullable(),
});

export const turnoverValue = z.object({
  required: signedMinorUnits,
  achieved: signedMinorUnits,
  remaining: signedMinorUnits,
  met: z.boolean(),
});

export const withdrawalInfo = z.object({
  balance: signedMinorUnits,
  currency: z.string(),
  limits: z.object({
    min: signedMinorUnits,
    max: signedMinorUnits,
    dailyMax: signedMinorUnits,
    dailyCount: z.number(),
  }),
  today: z.object({ amount: signedMinorUnits, count: z.number() }),
  turnover: turnoverValue,
  hasPaymentPassword: z.boolean(),
  /** The registered payee name; bank accounts must be in this name when it is set. */
  payeeName: z.string().nullable(),
  maxBankAccounts: z.number(),
  bankAccounts: z.array(bankAccountView),
  autoConfirmMinutes: z.number(),
});

export const withdrawalEndpoints = {
  info: defineEndpoint({ ...withdrawalRoutes.info, response: withdrawalInfo }),
  bankAccounts: defineEndpoint({ ...withdrawalRoutes.bankAccounts, response: z.array(bankAccountView) }),
  addBankAccount: defineEndpoint({
    ...withdrawalRoutes.addBankAccount,
    body: z.strictObject({
      bankName: z.string().trim().min(2, 'Enter the bank').max(60),
      accountName: z.string().trim().min(2, 'Enter the account holder').max(60),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z .\-/]{4,40}$/, 'Enter 4-40 letters or digits'),
      branch: z.string().trim().max(40).optional(),
    }),
    response: bankAccountView,
  }),
  removeBankAccount: defineEndpoint({ ...withdrawalRoutes.removeBankAccount, response: z.null() }),
  request: defineEndpoint({
    ...withdrawalRoutes.request,
    body: z.strictObject({
      bankAccountId: serialId,
      amount: amountInput,
      paymentPassword: z.string().min(1, 'Input cannot be empty').max(64),
      requestId,
    }),
    response: withdrawalView,
  }),
  list: defineEndpoint({
    ...withdrawalRoutes.list,
    query: z.strictObject({ status: z.enum(['ALL', ...WITHDRAWAL_STATUSES]).default('ALL'), ...pagingQuery }),
    response: paged(withdrawalView),
  }),
  confirm: defineEndpoint({
    ...withdrawalRoutes.confirm,
    body: z.strictObject({
      result: receiptResult,
      /** partly_received: what arrived; the rest is the remaining amount. */
      receivedAmount: amountField('Enter whole minor units', { trim: true }).optional(),
      /** Required for not_received, optional for partly_received: a png or jpg of at most 5 MB. */
      proofUploadId: uploadId.optional(),
      note: z.string().trim().max(300).optional(),
    }),
    response: withdrawalView,
  }),
};

export const withdrawalOperatorEndpoints = {
  list: defineEndpoint({
    ...withdrawalOperatorRoutes.list,
    query: z.strictObject({
      status: z.enum(['ALL', 'cases', ...WITHDRAWAL_STATUSES]).default('pending'),
      username: z.string().trim().max(40).optional(),
      ...pagingQuery,
    }),
    response: paged(operatorWithdrawalView),
  }),
  approve: defineEndpoint({
    ...withdrawalOperatorRoutes.approve,
    body: z.strictObject({}),
    response: operatorWithdrawalView,
  }),
  reject: defineEndpoint({
    ...withdrawalOperatorRoutes.reject,
    body: z.strictObject({ reason: z.string().trim().min(3, 'Give a reason of at least 3 characters').max(300) }),
    response: operatorWithdrawalView,
  }),
  markPaid: defineEndpoint({
    ...withdrawalOperatorRoutes.markPaid,
    body: z.strictObject({ payoutReference: z.string().trim().max(80).optional() }),
    response: operatorWithdrawalView,
  }),
  resolve: defineEndpoint({
    ...withdrawalOperatorRoutes.resolve,
    body: z.strictObject({
      /** refunded: the missing money goes back to the wallet; repaid: it was sent again; dismissed: claim refused. */
      resolution: caseResolution,
      note: z.string().trim().min(3, 'Give a note of at least 3 characters').max(300),
    }),
    response: operatorWithdrawalView,
  }),
};

// ── Transfer to upline ─────────────────────────────────────────────────────────────────────────

export const transferUplineInfo = z.object({
  upline: z.object({ username: z.string(), nickname: z.string().nullable() }).nullable(),
  balance: signedMinorUnits,
  currency: z.string(),
  limits: z.object({ min: signedMinorUnits, max: signedMinorUnits, dailyMax: signedMinorUnits }),
  today: signedMinorUnits,
  hasPaymentPassword: z.boolean(),
});

export const transferEndpoints = {
  uplineInfo: defineEndpoint({ ...transferRoutes.uplineInfo, response: transferUplineInfo }),
  toUpline: defineEndpoint({
    ...transferRoutes.toUpline,
    body: z.strictObject({
      amount: amountInput,
      paymentPassword: z.string().min(1, 'Input cannot be empty').max(64),
      requestId,
      remark: z.string().trim().max(100).optional(),
    }),
    response: z.object({
      transactionId: z.number(),
      amount: signedMinorUnits,
      balance: signedMinorUnits,
      upline: z.string(),
      replay: z.boolean(),
    }),
  }),
};

// ── Messages (notifications) ───────────────────────────────────────────────────────────────────

export const NOTIFICATION_KINDS = [
  'deposit_credited',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_paid',
  'withdrawal_case_resolved',
  'transfer_received',
  'balance_adjusted',
  // Agent centre (issue 7): a contract changed, contract pay arrived, a red envelope is waiting.
  'agent_contract',
  'agent_pay',
  'red_envelope',
  // Issue 20 (decision 075): an operator's message; the answer to the member's feedback.
  'operator_message',
  'feedback_replied',
  // Issue 19 (decision 086): an operator decided the member's activity application.
  'promotion_application_approved',
  'promotion_application_rejected',
] as const;
export const notificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKind>;

export const notificationView = z.object({
  id: z.number(),
  kind: notificationKind,
  /** Values for the message text (amount in minor units, reason, …); the client words it. */
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: z.string(),
  /** operator_message: the title and body per language (the client shows the reader's, else any). */
  content: z.object({ title: z.record(z.string(), z.string()), body: z.record(z.string(), z.string()) }).optional(),
});

export const messageEndpoints = {
  list: defineEndpoint({
    ...messageRoutes.list,
    query: z.strictObject({ unread: z.enum(['true', 'false']).optional(), ...pagingQuery }),
    response: paged(notificationView),
  }),
  unread: defineEndpoint({ ...messageRoutes.unread, response: z.object({ count: z.number() }) }),
  read: defineEndpoint({
    ...messageRoutes.read,
    body: z
      .strictObject({ ids: z.array(recordId).max(200).optional(), all: z.boolean().optional() })
      .refine((b) => !!b.all !== !!b.ids?.length, { path: ['ids'], message: 'Name the messages, or all' }),
    response: z.object({ unread: z.number() }),
  }),
  /** Deletes the member's messages (their copies only); answers the unread count left. */
  remove: defineEndpoint({
    ...messageRoutes.remove,
    body: z.strictObject({ ids: z.array(recordId).min(1, 'Name the messages').max(200) }),
    response: z.object({ unread: z.number() }),
  }),
  /** text/event-stream, not an envelope: see MESSAGE_STREAM_PATH. */
  stream: defineEndpoint({ ...messageRoutes.stream, response: z.null() }),
  /** A WebSocket, not an envelope: see MESSAGE_SOCKET_PATH. */
  socket: defineEndpoint({ ...messageRoutes.socket, response: z.null() }),
};

/**
 * The same feed over a WebSocket, for browsers: the first message is `{"type":"auth","token":…}`
 * (so the token never sits in a URL), then the server sends `{ event, data }` objects with the
 * events of MESSAGE_STREAM_PATH. A socket that does not authenticate within 10 s, or whose session
 * ends, is closed (4401).
 */
export const MESSAGE_SOCKET_PATH = '/wps/v2/messages/socket';

/**
 * Server-sent events for the logged-in member (Authorization header as on every call; the web
 * client reads the stream with fetch). Events: `notification` (a notificationView), `balance`
 * (the balance changed: ask again), and a comment every 25 s to keep proxies from closing it.
 */
export const MESSAGE_STREAM_PATH = '/wps/v2/messages/stream';

// ── Uploads ───────────────────────────────────────────────────────────────────────────────────

export const UPLOAD_PURPOSES = ['deposit_proof', 'withdrawal_proof', 'feedback', 'promotion_application'] as const;
export const uploadPurpose = z.enum(UPLOAD_PURPOSES);
/** Proof images: png or jpg, judged by their bytes, at most 5 MB (spec §5, §8). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  tooLarge: 'The image maximum size is 5MB',
  badType: 'Only acceptable png or jpg',
  quota: 'You have uploaded the most images allowed for today; try again tomorrow',
} as const;
export const uploadValue = z.object({ id: z.string(), mime: z.string(), size: z.number() });

export const uploadEndpoints = {
  /** The body is the image itself (Content-Type image/png or image/jpeg), not JSON. */
  create: defineEndpoint({
    ...uploadRoutes.create,
    query: z.strictObject({ purpose: uploadPurpose }),
    response: uploadValue,
  }),
  /** The image bytes, not an envelope. */
  read: defineEndpoint({ ...uploadRoutes.read, response: z.null() }),
  operatorRead: defineEndpoint({ ...uploadRoutes.operatorRead, response: z.null() }),
};
