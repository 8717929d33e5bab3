import type { SupportText } from './en.ts';

/** カスタマーサポートのチャット（issue 17）、日本語。 */
const ja: SupportText = {
  chat_title: 'カスタマーサポート',
  chat_subtitle: 'サポートチームが 24 時間ここでお答えします。',
  chat_empty_title: 'どのようなご用件でしょうか？',
  chat_empty_body: '入金・出金・ボーナス・アカウントについてお気軽にどうぞ。回答はこの画面に届きます。',
  chat_you: 'あなた',
  chat_support: 'サポート',
  chat_closed: 'この会話は終了しました。もう一度メッセージを送ると新しい会話が始まります。',
  chat_load_older: '以前のメッセージを表示',
  chat_label: 'メッセージ',
  chat_placeholder: 'メッセージを入力…',
  chat_send: '送信',
  chat_sending: '送信中…',
  chat_count: '{{count}}/{{max}}',
  chat_hint: 'Enter で送信、Shift+Enter で改行します。',
  chat_err_required: 'メッセージを入力してください。',
  chat_err_too_long: '{{max}} 文字以内で入力してください。',
  chat_err_not_text: '送信できない文字が含まれています。',
  chat_err_rate: '送信の間隔が短すぎます。少し待ってからもう一度お試しください。',
  chat_err_send: 'メッセージを送信できませんでした。もう一度お試しください。',
  chat_err_load: '会話を読み込めませんでした。',
  chat_retry: '再試行',
  chat_new_answer: 'サポートから返信がありました。',
  chat_messages: 'メッセージ',
};

export default ja;
