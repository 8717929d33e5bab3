import type { SupportText } from './en.ts';

/** La sala de chat de atención al cliente (issue 17), español. */
const es: SupportText = {
  chat_title: 'Atención al cliente',
  chat_subtitle: 'Nuestro equipo responde aquí, las 24 horas.',
  chat_empty_title: '¿En qué podemos ayudarte?',
  chat_empty_body: 'Pregunta por depósitos, retiros, bonos o tu cuenta. La respuesta llega aquí mismo.',
  chat_you: 'Tú',
  chat_support: 'Soporte',
  chat_closed: 'Esta conversación se cerró. Si vuelves a escribir, empieza una nueva.',
  chat_load_older: 'Ver mensajes anteriores',
  chat_label: 'Tu mensaje',
  chat_placeholder: 'Escribe tu mensaje…',
  chat_send: 'Enviar',
  chat_sending: 'Enviando…',
  chat_count: '{{count}}/{{max}}',
  chat_hint: 'Enter envía; Mayús+Enter añade una línea.',
  chat_err_required: 'Escribe un mensaje primero.',
  chat_err_too_long: 'Usa como máximo {{max}} caracteres.',
  chat_err_not_text: 'El mensaje contiene caracteres que no se pueden enviar.',
  chat_err_rate: 'Estás enviando mensajes demasiado rápido. Espera un momento y vuelve a intentarlo.',
  chat_err_send: 'No se pudo enviar el mensaje. Inténtalo de nuevo.',
  chat_err_load: 'No se pudo cargar la conversación.',
  chat_retry: 'Reintentar',
  chat_new_answer: 'Atención al cliente te ha respondido.',
  chat_messages: 'Mensajes',
};

export default es;
