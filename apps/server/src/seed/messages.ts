import type { AppContext } from '../context.ts';

/**
 * Demo operator messages and feedback (issue 20, decision 075), written through their services:
 * two messages to everyone and one to the top VIP levels (delivered as the job would; the VIP demo
 * runs first and puts members on them), a reward for accepted feedback, and one
 * feedback of the demo member that support answered (its answer is in the member's messages).
 */
export const seedMessages = async ({
  db,
  merchants,
  accounts,
  operators,
  messages,
  feedback,
  vip,
}: Pick<AppContext, 'db' | 'merchants' | 'accounts' | 'operators' | 'messages' | 'feedback' | 'vip'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const content = await operators.findByUsername(merchantId, 'content');
  const support = await operators.findByUsername(merchantId, 'support');
  const finance = await operators.findByUsername(merchantId, 'finance');
  const member = await accounts.findByUsername(merchantId, 'demo01');
  if (!content || !support || !finance || !member) return;
  const ip = '127.0.0.1';

  const sent = [
    {
      title: { PT: 'Bem-vindo ao nosso cassino!', EN: 'Welcome to our casino!' },
      body: {
        PT: 'Deposite via PIX em segundos e aproveite o bônus de boas-vindas de 100% até R$ 500,00. Boa sorte!',
        EN: 'Deposit by PIX in seconds and enjoy the 100% welcome bonus up to R$ 500.00. Good luck!',
      },
    },
    {
      title: { PT: 'Manutenção programada no domingo', EN: 'Scheduled maintenance on Sunday' },
      body: {
        PT: 'No domingo, das 03:00 às 04:00, alguns jogos ao vivo ficarão indisponíveis. Os seus saldos não serão afetados.',
        EN: 'On Sunday from 03:00 to 04:00 some live games will be unavailable. Your balances are not affected.',
      },
    },
  ];
  const top = (await vip.levelNames(merchantId)).slice(3).map((l) => l.level);
  const vipOnly = {
    title: { PT: 'Convite exclusivo para membros VIP', EN: 'An exclusive invitation for VIP members' },
    body: {
      PT: 'O seu nível VIP paga bônus semanais e mensais e aumenta os seus limites de saque. Veja as vantagens na página VIP.',
      EN: 'Your VIP level pays weekly and monthly bonuses and raises your withdrawal limits. See your perks on the VIP page.',
    },
  };
  const audiences = [
    ...sent.map((m) => ({ ...m, audience: { kind: 'all' as const } })),
    ...(top.length ? [{ ...vipOnly, audience: { kind: 'vip' as const, levels: top } }] : []),
  ];
  for (const m of audiences) {
    const created = await messages.create({ merchantId, operatorId: content.id }, m, ip);
    // Delivered now, as the delivery job would (the job then finds it sent and does nothing).
    await db.transaction((tx) => messages.deliver(tx, created.id, new Date(), () => undefined));
  }

  await feedback.save({ merchantId, operatorId: finance.id }, 500n, ip);
  const asked = await feedback.create(
    { merchantId, memberId: member.id },
    {
      questionType: 'suggestion',
      description: 'Seria ótimo poder filtrar os jogos de slot pelo valor mínimo de aposta.',
      imageIds: [],
    },
  );
  await feedback.answer(
    { merchantId, operatorId: support.id },
    {
      id: asked.id,
      reply: 'Ótima ideia! Enviamos a sugestão ao time do lobby e avisaremos quando o filtro estiver disponível.',
      outcome: 'replied',
    },
    ip,
  );
};
