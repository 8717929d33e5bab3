import type { SupportText } from './en.ts';

/** A sala de chat do atendimento (issue 17), português do Brasil; completo. */
const pt: SupportText = {
  chat_title: 'Atendimento ao cliente',
  chat_subtitle: 'Nossa equipe responde aqui, 24 horas por dia.',
  chat_empty_title: 'Como podemos ajudar?',
  chat_empty_body: 'Pergunte sobre depósitos, saques, bônus ou a sua conta. A resposta chega aqui mesmo.',
  chat_you: 'Você',
  chat_support: 'Atendimento',
  chat_closed: 'Esta conversa foi encerrada. Escrever de novo inicia uma nova.',
  chat_load_older: 'Ver mensagens anteriores',
  chat_label: 'Sua mensagem',
  chat_placeholder: 'Digite sua mensagem…',
  chat_send: 'Enviar',
  chat_sending: 'Enviando…',
  chat_count: '{{count}}/{{max}}',
  chat_hint: 'Enter envia; Shift+Enter quebra a linha.',
  chat_err_required: 'Escreva uma mensagem primeiro.',
  chat_err_too_long: 'Use no máximo {{max}} caracteres.',
  chat_err_not_text: 'A mensagem contém caracteres que não podem ser enviados.',
  chat_err_rate: 'Você está enviando mensagens rápido demais. Aguarde um pouco e tente de novo.',
  chat_err_send: 'Não foi possível enviar a mensagem. Tente de novo.',
  chat_err_load: 'Não foi possível carregar a conversa.',
  chat_retry: 'Tentar de novo',
  chat_new_answer: 'O atendimento respondeu você.',
  chat_messages: 'Mensagens',
};

export default pt;
