import type { SupportText } from './en.ts';

/** 在线客服聊天室（issue 17），简体中文。 */
const zh: SupportText = {
  chat_title: '在线客服',
  chat_subtitle: '客服团队 24 小时在这里为您解答。',
  chat_empty_title: '有什么可以帮您？',
  chat_empty_body: '存款、提款、红利或账户问题都可以咨询，回复会直接显示在这里。',
  chat_you: '我',
  chat_support: '客服',
  chat_closed: '本次对话已结束，再次发送消息将开始新的对话。',
  chat_load_older: '查看更早的消息',
  chat_label: '您的消息',
  chat_placeholder: '请输入消息…',
  chat_send: '发送',
  chat_sending: '发送中…',
  chat_count: '{{count}}/{{max}}',
  chat_hint: '按 Enter 发送，Shift+Enter 换行。',
  chat_err_required: '请先输入消息。',
  chat_err_too_long: '最多 {{max}} 个字符。',
  chat_err_not_text: '消息中含有无法发送的字符。',
  chat_err_rate: '发送太频繁了，请稍后再试。',
  chat_err_send: '消息发送失败，请重试。',
  chat_err_load: '无法加载对话。',
  chat_retry: '重试',
  chat_new_answer: '客服已回复您。',
  chat_messages: '消息',
};

export default zh;
