import type { SupportText } from './en.ts';

/** Phòng chat chăm sóc khách hàng (issue 17), tiếng Việt. */
const vi: SupportText = {
  chat_title: 'Chăm sóc khách hàng',
  chat_subtitle: 'Đội ngũ CSKH trả lời tại đây 24/7.',
  chat_empty_title: 'Chúng tôi có thể giúp gì cho bạn?',
  chat_empty_body: 'Hỏi về nạp tiền, rút tiền, khuyến mãi hay tài khoản. Câu trả lời sẽ hiện ngay tại đây.',
  chat_you: 'Bạn',
  chat_support: 'CSKH',
  chat_closed: 'Cuộc trò chuyện này đã kết thúc. Nhắn tin lại sẽ mở cuộc trò chuyện mới.',
  chat_load_older: 'Xem tin nhắn cũ hơn',
  chat_label: 'Tin nhắn của bạn',
  chat_placeholder: 'Nhập tin nhắn…',
  chat_send: 'Gửi',
  chat_sending: 'Đang gửi…',
  chat_count: '{{count}}/{{max}}',
  chat_hint: 'Enter để gửi; Shift+Enter để xuống dòng.',
  chat_err_required: 'Hãy nhập tin nhắn trước.',
  chat_err_too_long: 'Tối đa {{max}} ký tự.',
  chat_err_not_text: 'Tin nhắn có ký tự không gửi được.',
  chat_err_rate: 'Bạn gửi tin quá nhanh. Hãy chờ một chút rồi thử lại.',
  chat_err_send: 'Không gửi được tin nhắn. Hãy thử lại.',
  chat_err_load: 'Không tải được cuộc trò chuyện.',
  chat_retry: 'Thử lại',
  chat_new_answer: 'CSKH đã trả lời bạn.',
  chat_messages: 'Tin nhắn',
};

export default vi;
