/** The customer-service chat room (issue 17), English: the reference table. */
const en = {
  chat_title: 'Customer service',
  chat_subtitle: 'Our team answers here, 24 hours a day.',
  chat_empty_title: 'How can we help?',
  chat_empty_body: 'Ask about deposits, withdrawals, bonuses or your account. The answer arrives right here.',
  chat_you: 'You',
  chat_support: 'Support',
  chat_closed: 'This conversation was closed. Writing again starts a new one.',
  chat_load_older: 'Show earlier messages',
  chat_label: 'Your message',
  chat_placeholder: 'Type your message…',
  chat_send: 'Send',
  chat_sending: 'Sending…',
  chat_count: '{{count}}/{{max}}',
  chat_hint: 'Enter sends; Shift+Enter starts a new line.',
  chat_err_required: 'Write a message first.',
  chat_err_too_long: 'Use at most {{max}} characters.',
  chat_err_not_text: 'The message contains characters that cannot be sent.',
  chat_err_rate: 'You are sending messages too fast. Wait a moment and try again.',
  chat_err_send: 'The message could not be sent. Try again.',
  chat_err_load: 'The conversation could not be loaded.',
  chat_retry: 'Try again',
  chat_new_answer: 'Customer service answered you.',
  chat_messages: 'Messages',
};

export type SupportText = typeof en;
export type SupportTextKey = keyof SupportText;
export default en;
