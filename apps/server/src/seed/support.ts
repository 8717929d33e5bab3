import type { AppContext } from '../context.ts';

/**
 * Demo customer-service conversations (decision 057), written through the chat's service so they
 * obey its rules: one answered and closed, one waiting for an operator (the desk's unread badge).
 * Demo mode only; the `support` operator answers them.
 */
export const seedSupport = async ({
  merchants,
  accounts,
  operators,
  support,
}: Pick<AppContext, 'merchants' | 'accounts' | 'operators' | 'support'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const agent = await operators.findByUsername(merchantId, 'support');
  const closed = await accounts.findByUsername(merchantId, 'member01');
  const waiting = await accounts.findByUsername(merchantId, 'sortudo88');
  if (!agent || !closed || !waiting) return;
  const op = { merchantId, operatorId: agent.id };
  const ip = '127.0.0.1';

  const first = await support.send(
    { merchantId, memberId: closed.id },
    'Olá! Fiz um saque por PIX há 20 minutos e ainda não caiu na minha conta. Está tudo certo?',
  );
  await support.answer(
    op,
    {
      conversationId: first.conversationId,
      body: 'Olá! O seu saque foi aprovado e enviado ao banco. O PIX costuma chegar em até 5 minutos depois disso; se não aparecer em meia hora, responda aqui com o comprovante.',
    },
    ip,
  );
  await support.send({ merchantId, memberId: closed.id }, 'Chegou agora, obrigado!');
  await support.answer(
    op,
    { conversationId: first.conversationId, body: 'Que bom! Boa sorte nos jogos e conte com a gente.' },
    ip,
  );
  await support.markRead({ merchantId, memberId: closed.id });
  await support.close(op, first.conversationId, ip);

  await support.send(
    { merchantId, memberId: waiting.id },
    'Boa tarde, recebi o bônus de boas-vindas. Quanto preciso apostar antes de poder sacar?',
  );
};
