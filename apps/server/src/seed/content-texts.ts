/**
 * The demo's banners and announcements in the brand's other languages (ZH, JA, TH, VI, ES), keyed
 * by their English title: [title, text]. PT and EN stay beside the items in content.ts. A text the
 * table leaves out falls back on the player's side like any missing language.
 */
type More = Partial<Record<'ZH' | 'JA' | 'TH' | 'VI' | 'ES', readonly [string, string?]>>;

export const MORE_LANGUAGES: Record<string, More> = {
  '100% welcome bonus': {
    ZH: ['首存 100% 迎新奖金'],
    JA: ['初回入金 100% ウェルカムボーナス'],
    TH: ['โบนัสต้อนรับ 100%'],
    VI: ['Thưởng chào mừng 100%'],
    ES: ['Bono de bienvenida del 100%'],
  },
  'Slots tournament: R$ 50,000 in prizes': {
    ZH: ['老虎机锦标赛：奖金 R$ 50,000', '周一至周日，老虎机每投注 R$ 1.00 计 1 分，前 100 名瓜分 R$ 50,000.00。'],
    JA: [
      'スロット大会：賞金総額 R$ 50,000',
      '月曜から日曜まで、スロットで R$ 1.00 賭けるごとに 1 ポイント。上位 100 名で R$ 50,000.00 を山分け。',
    ],
    TH: [
      'ทัวร์นาเมนต์สล็อต: รางวัลรวม R$ 50,000',
      'จันทร์ถึงอาทิตย์ ทุก R$ 1.00 ที่เดิมพันสล็อตได้ 1 คะแนน 100 อันดับแรกแบ่งเงิน R$ 50,000.00',
    ],
    VI: [
      'Giải đấu slot: giải thưởng R$ 50.000',
      'Từ thứ Hai đến Chủ nhật, mỗi R$ 1,00 cược slot được 1 điểm. Top 100 chia nhau R$ 50.000,00.',
    ],
    ES: [
      'Torneo de slots: R$ 50.000 en premios',
      'De lunes a domingo, cada R$ 1,00 apostado en slots suma 1 punto. Los 100 primeros se reparten R$ 50.000,00.',
    ],
  },
  'Live casino around the clock': {
    ZH: ['真人娱乐场 24 小时营业'],
    JA: ['ライブカジノは 24 時間営業'],
    TH: ['คาสิโนสดตลอด 24 ชั่วโมง'],
    VI: ['Sòng bài trực tiếp 24/24'],
    ES: ['Casino en vivo las 24 horas'],
  },
  'Weekly cashback up to 10%': {
    ZH: ['每周返水最高 10%', '每周一返还上周真人娱乐场净亏损的最高 10%，直接到账，无需流水。'],
    JA: [
      '毎週最大 10% キャッシュバック',
      '毎週月曜、前週のライブカジノの純損失の最大 10% を残高に直接返金。賭け条件なし。',
    ],
    TH: ['คืนยอดเสียรายสัปดาห์สูงสุด 10%', 'ทุกวันจันทร์ คืนยอดเสียสุทธิคาสิโนสดของสัปดาห์สูงสุด 10% เข้ากระเป๋าทันที ไม่ต้องทำเทิร์น'],
    VI: [
      'Hoàn trả hằng tuần đến 10%',
      'Mỗi thứ Hai, hoàn đến 10% số thua ròng của tuần ở sòng bài trực tiếp, vào thẳng số dư, không cần cược.',
    ],
    ES: [
      'Cashback semanal de hasta el 10%',
      'Cada lunes devolvemos hasta el 10% de las pérdidas netas de la semana en casino en vivo, directo al saldo y sin rollover.',
    ],
  },
  'Invite friends and earn': {
    ZH: ['邀请好友，一起赚'],
    JA: ['友達を招待して報酬ゲット'],
    TH: ['ชวนเพื่อนรับรางวัล'],
    VI: ['Mời bạn bè, nhận thưởng'],
    ES: ['Invita a tus amigos y gana'],
  },
  Welcome: { ZH: ['欢迎'], JA: ['ようこそ'], TH: ['ยินดีต้อนรับ'], VI: ['Chào mừng'], ES: ['Bienvenido'] },
  'Scheduled maintenance: Evo Live on Tuesday, 03:00–05:00': {
    ZH: [
      '计划维护：Evo Live 周二 03:00–05:00',
      'Evo Live 真人桌台于周二 03:00 至 05:00（巴西利亚时间）升级维护。进行中的牌局会先结束，其他游戏照常开放。',
    ],
    JA: [
      '定期メンテナンス：Evo Live 火曜 03:00–05:00',
      'Evo Live のテーブルは火曜 03:00〜05:00（ブラジリア時間）にプロバイダー更新のため停止します。進行中のラウンドは先に終了し、他のゲームは通常どおりです。',
    ],
    TH: [
      'ปิดปรับปรุง: Evo Live วันอังคาร 03:00–05:00',
      'โต๊ะสด Evo Live ปิดวันอังคาร 03:00–05:00 (เวลาบราซิเลีย) เพื่ออัปเดตผู้ให้บริการ รอบที่เล่นอยู่จะจบก่อน เกมอื่นเปิดตามปกติ',
    ],
    VI: [
      'Bảo trì định kỳ: Evo Live thứ Ba, 03:00–05:00',
      'Các bàn Evo Live tạm ngừng thứ Ba từ 03:00 đến 05:00 (giờ Brasília) để nhà cung cấp cập nhật. Ván đang chơi sẽ kết thúc trước; các trò khác vẫn mở.',
    ],
    ES: [
      'Mantenimiento: Evo Live el martes, 03:00–05:00',
      'Las mesas de Evo Live se detienen el martes de 03:00 a 05:00 (hora de Brasilia) por una actualización del proveedor. Las rondas en curso terminan antes; el resto de juegos sigue abierto.',
    ],
  },
  'New slots this week': {
    ZH: [
      '本周新上老虎机',
      '娱乐场新增 12 款老虎机，包括 Fortune Tiger Deluxe 和我们工作室的 Lotus Gems。留意游戏列表中的“新”标签。',
    ],
    JA: [
      '今週の新作スロット',
      'カジノに新作スロット 12 本が登場。Fortune Tiger Deluxe や自社スタジオの Lotus Gems も。ゲーム一覧の「NEW」マークをチェック。',
    ],
    TH: [
      'สล็อตใหม่สัปดาห์นี้',
      'สล็อตใหม่ 12 เกมมาถึงแล้ว รวมถึง Fortune Tiger Deluxe และ Lotus Gems จากสตูดิโอของเรา มองหาป้าย "ใหม่" ในรายการเกม',
    ],
    VI: [
      'Slot mới trong tuần',
      '12 slot mới đã có mặt, trong đó có Fortune Tiger Deluxe và Lotus Gems của studio chúng tôi. Tìm nhãn "Mới" trong danh sách trò chơi.',
    ],
    ES: [
      'Slots nuevos esta semana',
      'Llegaron 12 slots nuevos al casino, entre ellos Fortune Tiger Deluxe y Lotus Gems de nuestro estudio. Busca la etiqueta "Nuevo" en la lista de juegos.',
    ],
  },
  'PIX: deposits credited in seconds': {
    ZH: ['PIX：存款数秒到账', 'PIX 存款现已 24 小时自动确认。扫码付款后余额即时显示，无需上传凭证。'],
    JA: [
      'PIX：入金は数秒で反映',
      'PIX での入金は 24 時間自動で確認されます。QR コードで支払えば、明細を送らなくても残高に反映されます。',
    ],
    TH: ['PIX: ฝากเงินเข้าภายในไม่กี่วินาที', 'ฝากผ่าน PIX ยืนยันอัตโนมัติตลอด 24 ชั่วโมง ชำระผ่าน QR แล้วยอดเงินเข้าทันทีโดยไม่ต้องส่งสลิป'],
    VI: [
      'PIX: nạp tiền vào trong vài giây',
      'Nạp tiền qua PIX giờ được xác nhận tự động 24/24. Thanh toán mã QR là số dư hiện ngay, không cần gửi biên lai.',
    ],
    ES: [
      'PIX: depósitos acreditados en segundos',
      'Los depósitos por PIX ahora se confirman automáticamente, las 24 horas. Paga el código QR y el saldo aparece sin enviar comprobante.',
    ],
  },
  'Play responsibly': {
    ZH: ['理性娱乐', '可通过客服设置存款限额和暂停。降低限额即时生效。如果游戏不再有趣，请查看帮助中心 › 理性娱乐。'],
    JA: [
      '責任あるプレイを',
      '入金上限や休止はサポートで設定できます。引き下げは即時反映。楽しめなくなったら、ヘルプセンター › 責任あるプレイをご覧ください。',
    ],
    TH: [
      'เล่นอย่างรับผิดชอบ',
      'ตั้งวงเงินฝากและพักการเล่นได้ผ่านฝ่ายบริการ การลดวงเงินมีผลทันที หากการเล่นไม่สนุกอีกต่อไป ดูศูนย์ช่วยเหลือ › การเล่นอย่างรับผิดชอบ',
    ],
    VI: [
      'Chơi có trách nhiệm',
      'Đặt hạn mức nạp và tạm nghỉ qua bộ phận hỗ trợ. Giảm hạn mức có hiệu lực ngay. Nếu trò chơi không còn vui, xem Trung tâm trợ giúp › Chơi có trách nhiệm.',
    ],
    ES: [
      'Juega con responsabilidad',
      'Define límites de depósito y pausas con soporte. Las reducciones se aplican al instante. Si el juego dejó de ser diversión, mira Centro de ayuda › Juego responsable.',
    ],
  },
  'Welcome bonus: 100% on your first deposit': {
    ZH: ['迎新奖金：首存 100%', '存款 R$ 20.00 起，获得等额奖金，最高 R$ 1,000.00。10 倍流水；规则见优惠页面。'],
    JA: [
      'ウェルカムボーナス：初回入金 100%',
      'R$ 20.00 以上の入金で同額のボーナス、最大 R$ 1,000.00。賭け条件 10 倍。詳しくはプロモーションへ。',
    ],
    TH: ['โบนัสต้อนรับ: ฝากแรกรับ 100%', 'ฝากตั้งแต่ R$ 20.00 รับโบนัสเท่ากัน สูงสุด R$ 1,000.00 ทำเทิร์น 10 เท่า ดูกติกาที่หน้าโปรโมชัน'],
    VI: [
      'Thưởng chào mừng: 100% lần nạp đầu',
      'Nạp từ R$ 20,00 nhận thưởng bằng số tiền nạp, tối đa R$ 1.000,00. Cược 10 lần; xem điều lệ ở Khuyến mãi.',
    ],
    ES: [
      'Bono de bienvenida: 100% en tu primer depósito',
      'Deposita desde R$ 20,00 y recibe lo mismo en bono, hasta R$ 1.000,00. Rollover de 10x; mira las reglas en Promociones.',
    ],
  },
  'System maintenance early on Wednesday': {
    ZH: ['周三凌晨系统维护', '周三 04:00 至 04:30 升级支付系统期间，提款将排队处理。存款和游戏不受影响。'],
    JA: [
      '水曜早朝のシステムメンテナンス',
      '水曜 04:00〜04:30 は決済システム更新のため出金が順番待ちになります。入金とゲームはご利用いただけます。',
    ],
    TH: ['ปิดปรับปรุงระบบเช้ามืดวันพุธ', 'วันพุธ 04:00–04:30 รายการถอนจะรอคิวระหว่างอัปเดตระบบชำระเงิน ฝากเงินและเล่นเกมได้ตามปกติ'],
    VI: [
      'Bảo trì hệ thống rạng sáng thứ Tư',
      'Thứ Tư từ 04:00 đến 04:30, lệnh rút tiền xếp hàng trong lúc cập nhật hệ thống thanh toán. Nạp tiền và trò chơi vẫn hoạt động.',
    ],
    ES: [
      'Mantenimiento del sistema el miércoles de madrugada',
      'El miércoles entre 04:00 y 04:30 los retiros quedan en cola mientras actualizamos el sistema de pagos. Depósitos y juegos siguen disponibles.',
    ],
  },
  'New: Lotus Crash with verifiable rounds': {
    ZH: ['新游戏：可验证的 Lotus Crash', '新的 Crash 游戏在每局开始前公布哈希值。可在验证页面核对任何结果。'],
    JA: [
      '新登場：検証できる Lotus Crash',
      '新しいクラッシュゲームは各ラウンド開始前にハッシュを表示。結果はいつでも検証ページで確認できます。',
    ],
    TH: ['ใหม่: Lotus Crash ตรวจสอบได้ทุกรอบ', 'เกมแครชใหม่แสดงแฮชของแต่ละรอบก่อนเริ่ม ตรวจผลใดก็ได้ที่หน้าตรวจสอบ'],
    VI: [
      'Mới: Lotus Crash với ván kiểm chứng được',
      'Trò crash mới hiển thị mã băm của mỗi ván trước khi bắt đầu. Kiểm tra mọi kết quả tại trang xác minh.',
    ],
    ES: [
      'Nuevo: Lotus Crash con rondas verificables',
      'Nuestro nuevo crash muestra el hash de cada ronda antes de empezar. Comprueba cualquier resultado en la página de verificación.',
    ],
  },
  'PIX withdrawals within 5 minutes': {
    ZH: ['PIX 提款 5 分钟内到账', '大多数提款现已在 5 分钟内支付。在我的账户 › 提款中绑定 PIX 密钥，首次提款更快。'],
    JA: [
      'PIX 出金は 5 分以内',
      'ほとんどの出金は 5 分以内に支払われます。マイアカウント › 出金で PIX キーを登録すると初回がスムーズです。',
    ],
    TH: ['ถอนผ่าน PIX ภายใน 5 นาที', 'การถอนส่วนใหญ่จ่ายภายใน 5 นาที เพิ่มคีย์ PIX ที่ บัญชีของฉัน › ถอนเงิน เพื่อให้คำขอแรกเร็วขึ้น'],
    VI: [
      'Rút tiền PIX trong 5 phút',
      'Phần lớn lệnh rút giờ được trả trong 5 phút. Thêm khóa PIX ở Tài khoản › Rút tiền để lần đầu nhanh hơn.',
    ],
    ES: [
      'Retiros por PIX en hasta 5 minutos',
      'La mayoría de los retiros se pagan en hasta 5 minutos. Registra tu clave PIX en Mi cuenta › Retiro para agilizar el primero.',
    ],
  },
  'Get the Lotus88 app': {
    ZH: ['下载 Lotus88 应用', '一分钟内即可在手机上安装：在侧边菜单的“下载应用”中查看 iPhone 和 Android 步骤。'],
    JA: [
      'Lotus88 アプリを入手',
      '1 分以内にスマホへインストール。サイドメニューの「アプリをダウンロード」で iPhone と Android の手順を確認できます。',
    ],
    TH: ['ดาวน์โหลดแอป Lotus88', 'ติดตั้งแอปบนมือถือได้ในไม่ถึงนาที ดูขั้นตอนสำหรับ iPhone และ Android ที่เมนู ดาวน์โหลดแอป'],
    VI: [
      'Tải ứng dụng Lotus88',
      'Cài ứng dụng trên điện thoại trong chưa đầy một phút: xem các bước cho iPhone và Android ở mục Tải ứng dụng trong menu bên.',
    ],
    ES: [
      'Descarga la app de Lotus88',
      'Instala la app en el móvil en menos de un minuto: mira los pasos para iPhone y Android en Descargar la app, en el menú lateral.',
    ],
  },
  'Protect your account with the authenticator': {
    ZH: ['用身份验证器保护账户', '在我的账户 › 安全中心开启验证器代码。客服绝不会索要您的密码或验证码。'],
    JA: [
      '認証アプリでアカウントを保護',
      'マイアカウント › セキュリティセンターで認証コードを有効に。サポートがパスワードやコードを尋ねることはありません。',
    ],
    TH: ['ปกป้องบัญชีด้วยแอปยืนยันตัวตน', 'เปิดรหัสจากแอปยืนยันตัวตนที่ บัญชีของฉัน › ศูนย์ความปลอดภัย ฝ่ายบริการไม่เคยขอรหัสผ่านหรือรหัสของคุณ'],
    VI: [
      'Bảo vệ tài khoản bằng ứng dụng xác thực',
      'Bật mã xác thực tại Tài khoản › Trung tâm bảo mật. Bộ phận hỗ trợ không bao giờ hỏi mật khẩu hay mã của bạn.',
    ],
    ES: [
      'Protege tu cuenta con el autenticador',
      'Activa los códigos del autenticador en Mi cuenta › Centro de seguridad. Nuestro soporte nunca te pide la contraseña ni el código.',
    ],
  },
  'New deposit method: bank slip': {
    ZH: ['新存款方式：银行票据', '现在也可以用银行票据（boleto）存款，清算后入账，最多 1 个工作日。'],
    JA: [
      '新しい入金方法：ボレート',
      'ボレート（銀行振込票）での入金に対応しました。決済後、1 営業日以内に反映されます。',
    ],
    TH: ['ช่องทางฝากใหม่: บิลธนาคาร', 'ตอนนี้ฝากผ่านบิลธนาคาร (boleto) ได้แล้ว เงินเข้าหลังเคลียร์ริ่ง ภายใน 1 วันทำการ'],
    VI: [
      'Phương thức nạp mới: phiếu ngân hàng',
      'Giờ bạn có thể nạp bằng phiếu ngân hàng (boleto). Tiền vào sau khi thanh toán bù trừ, trong vòng 1 ngày làm việc.',
    ],
    ES: [
      'Nuevo método de depósito: boleto',
      'Ahora también puedes depositar con boleto bancario. Se acredita al compensarse, en hasta 1 día hábil.',
    ],
  },
  'Alternative site addresses': {
    ZH: ['网站备用地址', '如果主地址在您的网络中无法打开，请使用我们的镜像站点。最新列表见页脚的镜像站点页面。'],
    JA: [
      'サイトの代替アドレス',
      'メインのアドレスが開けない場合はミラーサイトをご利用ください。最新の一覧はフッターのミラーサイトページにあります。',
    ],
    TH: ['ที่อยู่สำรองของเว็บไซต์', 'หากเปิดที่อยู่หลักไม่ได้ในเครือข่ายของคุณ ใช้เว็บไซต์สำรองของเรา รายการล่าสุดอยู่ที่หน้าเว็บไซต์สำรองในส่วนท้าย'],
    VI: [
      'Địa chỉ thay thế của trang',
      'Nếu địa chỉ chính không mở được trên mạng của bạn, hãy dùng một trang gương. Danh sách mới nhất ở trang Trang gương, cuối trang.',
    ],
    ES: [
      'Direcciones alternativas del sitio',
      'Si la dirección principal no abre en tu red, usa uno de nuestros sitios espejo. La lista actual está en la página Sitios espejo, en el pie.',
    ],
  },
  'VIP club: new levels and level-up bonuses': {
    ZH: ['VIP 俱乐部：新等级与晋级奖金', 'VIP 俱乐部新增两个等级。每次晋级都发放一次性奖金，并提高每日提款限额。'],
    JA: [
      'VIP クラブ：新レベルと昇格ボーナス',
      'VIP クラブに 2 つの新レベルが登場。昇格ごとに一度きりのボーナスと 1 日の出金上限アップ。',
    ],
    TH: ['คลับ VIP: ระดับใหม่และโบนัสเลื่อนขั้น', 'คลับ VIP เพิ่มสองระดับใหม่ ทุกการเลื่อนขั้นรับโบนัสครั้งเดียวและเพิ่มวงเงินถอนต่อวัน'],
    VI: [
      'Câu lạc bộ VIP: cấp mới và thưởng lên cấp',
      'Câu lạc bộ VIP có thêm hai cấp mới. Mỗi lần lên cấp nhận thưởng một lần và tăng hạn mức rút mỗi ngày.',
    ],
    ES: [
      'Club VIP: nuevos niveles y bonos de ascenso',
      'El club VIP suma dos niveles nuevos. Cada ascenso paga un bono único y sube tu límite diario de retiro.',
    ],
  },
  'Deposit limits and breaks': {
    ZH: ['存款限额与暂停', '您可以随时设置存款限额或暂停游戏。联系客服；降低限额即时生效。'],
    JA: ['入金上限と休止', '入金上限の設定や休止はいつでも可能です。サポートへどうぞ。引き下げは即時反映されます。'],
    TH: ['วงเงินฝากและการพัก', 'ตั้งวงเงินฝากหรือพักการเล่นได้ทุกเมื่อ ติดต่อฝ่ายบริการ การลดวงเงินมีผลทันที'],
    VI: [
      'Hạn mức nạp và tạm nghỉ',
      'Bạn có thể đặt hạn mức nạp hoặc tạm nghỉ bất cứ lúc nào. Liên hệ hỗ trợ; giảm hạn mức có hiệu lực ngay.',
    ],
    ES: [
      'Límites de depósito y pausas',
      'Puedes fijar un límite de depósito o tomarte una pausa cuando quieras. Habla con soporte; las reducciones se aplican al instante.',
    ],
  },
  'Welcome back!': {
    ZH: ['欢迎回来！', '今日任务已就绪。'],
    JA: ['おかえりなさい！', '今日のデイリーミッションが始まっています。'],
    TH: ['ยินดีต้อนรับกลับ!', 'ภารกิจประจำวันของคุณพร้อมแล้ว'],
    VI: ['Chào mừng trở lại!', 'Nhiệm vụ hằng ngày của bạn đã sẵn sàng.'],
    ES: ['¡Bienvenido de nuevo!', 'Tu misión diaria ya está disponible.'],
  },
  'PIX withdrawals within 5 minutes • 24/7 support': {
    ZH: ['PIX 提款 5 分钟内到账 • 24/7 客服'],
    JA: ['PIX 出金は 5 分以内 • 24 時間サポート'],
    TH: ['ถอน PIX ภายใน 5 นาที • บริการ 24/7'],
    VI: ['Rút PIX trong 5 phút • Hỗ trợ 24/7'],
    ES: ['Retiros por PIX en hasta 5 minutos • Soporte 24/7'],
  },
  'Evo Live: new Baccarat tables': {
    ZH: ['Evo Live：新百家乐桌台', '五张新百家乐桌 24 小时开放。'],
    JA: ['Evo Live：バカラの新テーブル', 'バカラの新テーブル 5 台が 24 時間オープン。'],
    TH: ['Evo Live: โต๊ะบาคาร่าใหม่', 'โต๊ะบาคาร่าใหม่ห้าโต๊ะ เปิดตลอด 24 ชั่วโมง'],
    VI: ['Evo Live: bàn Baccarat mới', 'Năm bàn Baccarat mới mở cửa 24/24.'],
    ES: ['Evo Live: nuevas mesas de Baccarat', 'Cinco mesas nuevas de Baccarat abiertas las 24 horas.'],
  },
};

/** A text in PT and EN with the other languages this table has for it. */
export const inEveryLanguage = (pt: string, en: string, part: 0 | 1 = 0, key = en): Record<string, string> => {
  const out: Record<string, string> = { PT: pt, EN: en };
  for (const [lang, texts] of Object.entries(MORE_LANGUAGES[key] ?? {})) {
    const text = texts?.[part];
    if (text) out[lang] = text;
  }
  return out;
};
