import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../db/rows.ts';

/** The chat's queries (decision 057). Every conversation query names its merchant or its member. */

const messageRow = row({
  id: col.int,
  conversationId: col.int,
  author: col.text.transform((v) => v as 'member' | 'operator'),
  operatorName: col.text.nullable(),
  body: col.text,
  createdAt: col.date,
});
export type MessageRow = ReturnType<typeof messageRow.parse>;

const conversationRow = row({
  id: col.int,
  status: col.text.transform((v) => v as 'open' | 'closed'),
  memberId: col.int,
  account: col.text,
  memberType: col.int,
  assignedTo: col.text.nullable(),
  assignedOperatorId: col.int.nullable(),
  unread: col.count,
  lastMessage: col.text.nullable(),
  lastAuthor: col.text.nullable().transform((v) => v as 'member' | 'operator' | null),
  lastMessageAt: col.date.nullable(),
  createdAt: col.date,
  closedAt: col.date.nullable(),
});
export type ConversationRow = ReturnType<typeof conversationRow.parse>;

const conversationSelect = sql`
  SELECT c.id, c.status, c.member_id, m.username AS account, m.type AS member_type,
         o.username AS assigned_to, c.assigned_operator_id,
         (SELECT count(*) FROM support_messages x
           WHERE x.conversation_id = c.id AND x.author = 'member' AND x.id > c.operator_read_id) AS unread,
         lm.body AS last_message, lm.author AS last_author, c.last_message_at, c.created_at, c.closed_at
    FROM support_conversations c
    JOIN members m ON m.id = c.member_id
    LEFT JOIN operators o ON o.id = c.assigned_operator_id
    LEFT JOIN support_messages lm ON lm.id = c.last_message_id`;

const messageSelect = sql`
  SELECT s.id, s.conversation_id, s.author, o.username AS operator_name, s.body, s.created_at
    FROM support_messages s
    LEFT JOIN operators o ON o.id = s.operator_id`;

/** The member's open conversation, locked for this transaction; null when there is none. */
export const lockOpenConversation = (tx: Db, memberId: number) =>
  maybeOne(
    tx,
    row({ id: col.int }),
    sql`SELECT id FROM support_conversations WHERE member_id = ${memberId} AND status = 'open' FOR UPDATE`,
  );

/** Opens a conversation unless one is open already (the partial unique index decides a race). */
export const openConversation = (tx: Db, merchantId: number, memberId: number) =>
  run(
    tx,
    sql`INSERT INTO support_conversations (merchant_id, member_id) VALUES (${merchantId}, ${memberId})
        ON CONFLICT (member_id) WHERE status = 'open' DO NOTHING`,
  );

/** A conversation of the brand, locked for this transaction. */
export const lockConversation = (tx: Db, merchantId: number, id: number) =>
  maybeOne(
    tx,
    row({ id: col.int, status: col.text, memberId: col.int, assignedOperatorId: col.int.nullable() }),
    sql`SELECT id, status, member_id, assigned_operator_id FROM support_conversations
         WHERE id = ${id} AND merchant_id = ${merchantId} FOR UPDATE`,
  );

/**
 * Adds a message and moves the conversation's last message; the author's side has read up to it.
 */
export const insertMessage = async (
  tx: Db,
  m: {
    merchantId: number;
    memberId: number;
    conversationId: number;
    author: 'member' | 'operator';
    operatorId: number | null;
    body: string;
  },
) => {
  const inserted = await one(
    tx,
    row({ id: col.int }),
    sql`INSERT INTO support_messages (merchant_id, conversation_id, member_id, author, operator_id, body)
        VALUES (${m.merchantId}, ${m.conversationId}, ${m.memberId}, ${m.author}, ${m.operatorId}, ${m.body})
        RETURNING id`,
  );
  const readSide = m.author === 'member' ? sql`member_read_id` : sql`operator_read_id`;
  await run(
    tx,
    sql`UPDATE support_conversations
           SET last_message_id = ${inserted.id}, last_message_at = now(), ${readSide} = ${inserted.id},
               assigned_operator_id = coalesce(assigned_operator_id, ${m.operatorId}::int)
         WHERE id = ${m.conversationId}`,
  );
  return one(tx, messageRow, sql`${messageSelect} WHERE s.id = ${inserted.id}`);
};

/** A page of the member's messages across all their conversations, newest first. */
export const memberMessages = (db: Db, memberId: number, before: number | null, limit: number) =>
  many(
    db,
    messageRow,
    sql`${messageSelect}
         WHERE s.member_id = ${memberId} ${before ? sql`AND s.id < ${before}` : sql``}
         ORDER BY s.id DESC LIMIT ${limit}`,
  );

export const memberConversations = (db: Db, memberId: number) =>
  many(
    db,
    row({ id: col.int, status: col.text.transform((v) => v as 'open' | 'closed') }),
    sql`SELECT id, status FROM support_conversations WHERE member_id = ${memberId} ORDER BY id`,
  );

/** Operators' messages the member has not read, over all of the member's conversations. */
export const memberUnread = async (db: Db, memberId: number) =>
  (
    await one(
      db,
      row({ n: col.count }),
      sql`SELECT count(*) AS n FROM support_messages s
            JOIN support_conversations c ON c.id = s.conversation_id
           WHERE s.member_id = ${memberId} AND s.author = 'operator' AND s.id > c.member_read_id`,
    )
  ).n;

export const markMemberRead = (db: Db, memberId: number) =>
  run(
    db,
    sql`UPDATE support_conversations SET member_read_id = last_message_id
         WHERE member_id = ${memberId} AND last_message_id IS NOT NULL AND member_read_id < last_message_id`,
  );

export const markOperatorRead = (db: Db, merchantId: number, id: number) =>
  run(
    db,
    sql`UPDATE support_conversations SET operator_read_id = last_message_id
         WHERE id = ${id} AND merchant_id = ${merchantId}
           AND last_message_id IS NOT NULL AND operator_read_id < last_message_id`,
  );

export const findConversation = (db: Db, merchantId: number, id: number) =>
  maybeOne(db, conversationRow, sql`${conversationSelect} WHERE c.id = ${id} AND c.merchant_id = ${merchantId}`);

/** The desk's list: conversations with unread member messages first, then by their latest message. */
export const deskConversations = async (
  db: Db,
  merchantId: number,
  status: 'open' | 'closed',
  limit: number,
  offset: number,
) => {
  const [rows, total] = await Promise.all([
    many(
      db,
      conversationRow,
      sql`SELECT * FROM (${conversationSelect} WHERE c.merchant_id = ${merchantId} AND c.status = ${status}) d
           ORDER BY (d.unread > 0) DESC, d.last_message_at DESC NULLS LAST, d.id DESC
           LIMIT ${limit} OFFSET ${offset}`,
    ),
    one(
      db,
      row({ n: col.count }),
      sql`SELECT count(*) AS n FROM support_conversations WHERE merchant_id = ${merchantId} AND status = ${status}`,
    ),
  ]);
  return { rows, total: total.n };
};

export const conversationMessages = (db: Db, conversationId: number) =>
  many(db, messageRow, sql`${messageSelect} WHERE s.conversation_id = ${conversationId} ORDER BY s.id`);

/** Open conversations of the brand with member messages no operator has read. */
export const deskUnread = async (db: Db, merchantId: number) =>
  (
    await one(
      db,
      row({ n: col.count }),
      sql`SELECT count(*) AS n FROM support_conversations c
           WHERE c.merchant_id = ${merchantId} AND c.status = 'open'
             AND EXISTS (SELECT 1 FROM support_messages x
                          WHERE x.conversation_id = c.id AND x.author = 'member' AND x.id > c.operator_read_id)`,
    )
  ).n;

export const closeConversation = (tx: Db, id: number, operatorId: number) =>
  run(
    tx,
    sql`UPDATE support_conversations SET status = 'closed', closed_at = now(), closed_by_operator_id = ${operatorId}
         WHERE id = ${id} AND status = 'open'`,
  );

export const assignConversation = (tx: Db, id: number, operatorId: number) =>
  run(tx, sql`UPDATE support_conversations SET assigned_operator_id = ${operatorId} WHERE id = ${id}`);
