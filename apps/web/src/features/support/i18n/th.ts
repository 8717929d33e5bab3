import type { SupportText } from './en.ts';

/** ห้องแชตฝ่ายบริการลูกค้า (issue 17) ภาษาไทย */
const th: SupportText = {
  chat_title: 'ฝ่ายบริการลูกค้า',
  chat_subtitle: 'ทีมงานพร้อมตอบที่นี่ตลอด 24 ชั่วโมง',
  chat_empty_title: 'ให้เราช่วยอะไรดี?',
  chat_empty_body: 'สอบถามเรื่องฝากเงิน ถอนเงิน โบนัส หรือบัญชีของคุณได้เลย คำตอบจะส่งมาที่นี่',
  chat_you: 'คุณ',
  chat_support: 'แอดมิน',
  chat_closed: 'การสนทนานี้ปิดแล้ว หากพิมพ์ใหม่จะเริ่มการสนทนาใหม่',
  chat_load_older: 'ดูข้อความก่อนหน้า',
  chat_label: 'ข้อความของคุณ',
  chat_placeholder: 'พิมพ์ข้อความ…',
  chat_send: 'ส่ง',
  chat_sending: 'กำลังส่ง…',
  chat_count: '{{count}}/{{max}}',
  chat_hint: 'กด Enter เพื่อส่ง กด Shift+Enter เพื่อขึ้นบรรทัดใหม่',
  chat_err_required: 'กรุณาพิมพ์ข้อความก่อน',
  chat_err_too_long: 'พิมพ์ได้ไม่เกิน {{max}} ตัวอักษร',
  chat_err_not_text: 'ข้อความมีตัวอักษรที่ส่งไม่ได้',
  chat_err_rate: 'คุณส่งข้อความเร็วเกินไป รอสักครู่แล้วลองใหม่',
  chat_err_send: 'ส่งข้อความไม่สำเร็จ กรุณาลองอีกครั้ง',
  chat_err_load: 'โหลดการสนทนาไม่สำเร็จ',
  chat_retry: 'ลองอีกครั้ง',
  chat_new_answer: 'ฝ่ายบริการลูกค้าตอบกลับแล้ว',
  chat_messages: 'ข้อความ',
};

export default th;
