import type { NotificationKind, SupportLiveEvent } from '@app/contract';
import type { Db } from '../../db/client.ts';
import type { PubSub } from '../../lib/pubsub.ts';
import * as data from './data.ts';

/**
 * Platform messages per member (spec §4 notifications), stored and pushed. Other features call
 * `notifications` (given to them in their deps):
 *
 *   const n = await notifications.notify({ merchantId, memberId, kind: 'deposit_credited', params }, tx);
 *   // after the transaction commits:
 *   await notifications.announce(memberId, n);
 *   await notifications.balanceChanged(memberId, 'deposit');
 *
 * Pushes go over the pub/sub bus on the channel `member:<id>` as `{ type: 'notification', notification }`
 * or `{ type: 'balance', reason }`; the SSE stream relays them to the member's open browsers. They
 * are announced only after the data is committed, so a browser that reacts by asking finds it.
 */
export type NotificationView = {
  id: number;
  kind: NotificationKind;
  params: Record<string, string>;
  read: boolean;
  createdAt: string;
  /** operator_message: its texts per language. */
  content?: { title: Record<string, string>; body: Record<string, string> };
};

export type MemberEvent =
  | { type: 'notification'; notification: NotificationView }
  | { type: 'balance'; reason?: string }
  | { type: 'support'; support: SupportLiveEvent };

/** What the brand's operators hear on their feed (the console's live desks). */
export type OperatorEvent = { type: 'support'; support: SupportLiveEvent };

export const memberChannel = (memberId: number) => `member:${memberId}`;
/** The feed every signed-in operator of a brand hears; it only ever says "look again". */
export const operatorsChannel = (merchantId: number) => `operators:${merchantId}`;

const view = (r: data.NotificationRow | data.ListedRow): NotificationView => ({
  id: r.id,
  kind: r.kind,
  params: r.params,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
  ...('title' in r && r.title && r.body ? { content: { title: r.title, body: r.body } } : {}),
});

/** The channel every member of a brand hears: messages sent to everyone (decision 075). */
export const brandMembersChannel = (merchantId: number) => `members:${merchantId}`;

export interface NotificationDeps {
  db: Db;
  /** The bus pushes travel on (src/lib/pubsub.ts). */
  bus: PubSub;
}

type NewNotification = {
  merchantId: number;
  memberId: number;
  kind: NotificationKind;
  params?: Record<string, string>;
};

export const createNotificationService = ({ db, bus }: NotificationDeps) => {
  /** Stores a message; pass the caller's transaction to store it with the change it reports. */
  const notify = async (input: NewNotification, tx: Db = db): Promise<NotificationView> =>
    view(await data.insertNotification(tx, { ...input, params: input.params ?? {} }));

  /** Pushes a stored message to the member's open browsers (best effort). */
  const announce = async (memberId: number, notification: NotificationView): Promise<void> => {
    await bus
      .publish(memberChannel(memberId), { type: 'notification', notification } satisfies MemberEvent)
      .catch(() => undefined);
  };

  return {
    notify,
    announce,

    /** Stores and pushes at once (no surrounding transaction). */
    async send(input: NewNotification) {
      const n = await notify(input);
      await announce(input.memberId, n);
      return n;
    },

    /** Tells the member's browsers that the balance changed. */
    async balanceChanged(memberId: number, reason: string): Promise<void> {
      await bus
        .publish(memberChannel(memberId), { type: 'balance', reason } satisfies MemberEvent)
        .catch(() => undefined);
    },

    /** Tells the member's browsers that their customer-service chat moved (decision 057). */
    async supportChanged(memberId: number, support: SupportLiveEvent): Promise<void> {
      await bus
        .publish(memberChannel(memberId), { type: 'support', support } satisfies MemberEvent)
        .catch(() => undefined);
    },

    /** Tells the brand's operators (their console) that a conversation moved. */
    async operatorsSupportChanged(merchantId: number, support: SupportLiveEvent): Promise<void> {
      await bus
        .publish(operatorsChannel(merchantId), { type: 'support', support } satisfies OperatorEvent)
        .catch(() => undefined);
    },

    /**
     * Pushes a message sent to everyone to every open browser of the brand (no per-member row yet:
     * the event carries id 0; the browser asks for the list and the unread count again).
     */
    async broadcast(merchantId: number, notification: NotificationView): Promise<void> {
      await bus
        .publish(brandMembersChannel(merchantId), { type: 'notification', notification } satisfies MemberEvent)
        .catch(() => undefined);
    },

    /** The member's own channel, and with `merchantId` their brand's broadcasts too. */
    subscribe(memberId: number, handler: (event: MemberEvent) => void, merchantId?: number): () => void {
      const relay = (msg: unknown) => {
        const e = msg as MemberEvent;
        if (e && (e.type === 'notification' || e.type === 'balance' || e.type === 'support')) handler(e);
      };
      const offs = [bus.subscribe(memberChannel(memberId), relay)];
      if (merchantId !== undefined) offs.push(bus.subscribe(brandMembersChannel(merchantId), relay));
      return () => {
        for (const off of offs) off();
      };
    },

    subscribeOperators(merchantId: number, handler: (event: OperatorEvent) => void): () => void {
      return bus.subscribe(operatorsChannel(merchantId), (msg) => {
        const e = msg as OperatorEvent;
        if (e && e.type === 'support') handler(e);
      });
    },

    async list(memberId: number, q: { unreadOnly: boolean; page: number; pageSize: number }) {
      await data.copyBroadcasts(db, memberId);
      const { rows, total } = await data.listNotifications(db, memberId, {
        unreadOnly: q.unreadOnly,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        list: rows.map(view),
        pageNum: q.page,
        pageSize: q.pageSize,
        total,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    unread: (memberId: number) => data.unreadCount(db, memberId),

    async markRead(memberId: number, ids: number[] | 'all') {
      await data.markRead(db, memberId, ids);
      return data.unreadCount(db, memberId);
    },

    /** Deletes the member's copies of these messages; answers the unread count left. */
    async remove(memberId: number, ids: number[]) {
      await data.markDeleted(db, memberId, ids);
      return data.unreadCount(db, memberId);
    },
  };
};

export type NotificationService = ReturnType<typeof createNotificationService>;
