import type { NotificationKind } from '@app/contract';
import type { Db } from '../../db/client.ts';
import type { PubSub } from '../../lib/pubsub.ts';
import * as data from './data.ts';

/**
 * Platform messages per member (spec §4 notifications), stored and pushed. Other features call
 * `ctx.notifications`:
 *
 *   const n = await ctx.notifications.notify({ merchantId, memberId, kind: 'deposit_credited', params }, tx);
 *   // after the transaction commits:
 *   await ctx.notifications.announce(n);
 *   await ctx.notifications.balanceChanged(memberId, 'deposit');
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
};

export type MemberEvent =
  { type: 'notification'; notification: NotificationView } | { type: 'balance'; reason?: string };

export const memberChannel = (memberId: number) => `member:${memberId}`;

const view = (r: data.NotificationRow): NotificationView => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  params: r.params,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly bus: PubSub,
  ) {}

  /** Stores a message; pass the caller's transaction to store it with the change it reports. */
  async notify(
    input: { merchantId: number; memberId: number; kind: NotificationKind; params?: Record<string, string> },
    db: Db = this.db,
  ): Promise<NotificationView> {
    return view(await data.insertNotification(db, { ...input, params: input.params ?? {} }));
  }

  /** Pushes a stored message to the member's open browsers (best effort). */
  async announce(memberId: number, notification: NotificationView): Promise<void> {
    await this.bus
      .publish(memberChannel(memberId), { type: 'notification', notification } satisfies MemberEvent)
      .catch(() => undefined);
  }

  /** Stores and pushes at once (no surrounding transaction). */
  async send(input: { merchantId: number; memberId: number; kind: NotificationKind; params?: Record<string, string> }) {
    const n = await this.notify(input);
    await this.announce(input.memberId, n);
    return n;
  }

  /** Tells the member's browsers that the balance changed. */
  async balanceChanged(memberId: number, reason: string): Promise<void> {
    await this.bus
      .publish(memberChannel(memberId), { type: 'balance', reason } satisfies MemberEvent)
      .catch(() => undefined);
  }

  subscribe(memberId: number, handler: (event: MemberEvent) => void): () => void {
    return this.bus.subscribe(memberChannel(memberId), (msg) => {
      const e = msg as MemberEvent;
      if (e && (e.type === 'notification' || e.type === 'balance')) handler(e);
    });
  }

  async list(memberId: number, q: { unreadOnly: boolean; page: number; pageSize: number }) {
    const { rows, total } = await data.listNotifications(this.db, memberId, {
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
  }

  unread(memberId: number) {
    return data.unreadCount(this.db, memberId);
  }

  async markRead(memberId: number, ids: number[] | 'all') {
    await data.markRead(this.db, memberId, ids);
    return data.unreadCount(this.db, memberId);
  }
}
