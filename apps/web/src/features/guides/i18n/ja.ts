import type { GuideText } from './en.ts';

/** インストールガイドとミラーサイトのページ（日本語）。 */
const ja: GuideText = {
  gd_platforms: '端末を選択',
  gd_platform_ios: 'iPhone・iPad',
  gd_platform_android: 'Android',
  gd_platform_lite: 'ライト版',
  gd_title_ios: 'iPhone・iPad に {{site}} をインストール',
  gd_title_android: 'Android に {{site}} をインストール',
  gd_title_lite: '{{site}} ライト版：どのスマホでも使えるショートカット',
  gd_intro_ios: 'Safari で4回タップするだけで、{{site}} がほかのアプリと同じようにホーム画面に並びます。',
  gd_intro_android:
    'Chrome なら1分以内に {{site}} をアプリとしてインストールできます。ストアもファイルのダウンロードも不要です。',
  gd_intro_lite: '古いスマホや空き容量が少ない方向け：ブラウザで {{site}} を開くホーム画面のショートカットです。',
  gd_what_title: 'アプリについて',
  gd_what_app:
    '{{site}} アプリは、当サイトをスマホにインストールしたものです。専用アイコンから全画面で開き、常に最新版なので更新のダウンロードは不要です。',
  gd_what_lite:
    'ライト版は何もインストールしません。どのブラウザでも使える {{site}} へのショートカットで、容量も使いません。',
  gd_store_ios: 'iOS 版のダウンロードを開く',
  gd_store_android: 'Android 版をダウンロード',
  gd_store_lite: 'ライト版を開く',
  gd_gives_title: 'できること',
  gd_give_1: 'ホーム画面からワンタップでゲームへ',
  gd_give_2: 'アドレスバーのない全画面表示',
  gd_give_3: '常に最新版、更新作業は不要',
  gd_give_4: 'サイトと同じアカウント・残高・プロモーション',
  gd_scan: 'パソコンをお使いですか？スマホのカメラでこのコードを読み取ると、このガイドがスマホで開きます。',
  gd_qr_alt: '{{platform}} のインストール用 QR コード',
  gd_steps_title: 'インストール手順',
  gd_ios_step_1: 'Safari で {{host}} を開きます。iPhone では Safari だけがホーム画面にサイトを追加できます。',
  gd_ios_step_2: '下部のバーにある共有ボタン（上向き矢印の付いた四角）をタップします。',
  gd_ios_step_3: '一覧をスクロールして「ホーム画面に追加」をタップします。',
  gd_ios_step_4: '右上の「追加」をタップします。{{site}} のアイコンがホーム画面に表示されます。',
  gd_android_step_1: 'Chrome で {{host}} を開きます。',
  gd_android_step_2: '右上のメニュー（縦の3つの点）をタップします。',
  gd_android_step_3: '「アプリをインストール」をタップします。機種によっては「ホーム画面に追加」と表示されます。',
  gd_android_step_4: '「インストール」で確定します。{{site}} のアイコンがほかのアプリと並んで表示されます。',
  gd_lite_step_1: 'いつも使っているブラウザで {{host}} を開きます。',
  gd_lite_step_2: 'ブラウザのメニューを開き、「ホーム画面に追加」（または「ブックマークに追加」）をタップします。',
  gd_lite_step_3: '名前は {{site}} のままで確定します。',
  gd_lite_step_4: 'ショートカットの完成です。ワンタップでサイトが開きます。',
  gd_trouble_title: 'よくある問題',
  gd_ios_q_1: '「ホーム画面に追加」が見つからない',
  gd_ios_a_1:
    'ほかのブラウザやアプリ内ブラウザ（Instagram、WhatsApp など）で開いている可能性があります。アドレスをコピーして Safari で開いてください。',
  gd_ios_q_2: 'アイコンを開くと白い画面になる',
  gd_ios_a_2:
    '接続を確認してください。お使いのネットワークで {{site}} がブロックされている場合は、ミラーサイトを開いて追加してください。',
  gd_ios_q_3: '毎回ログインが必要になる',
  gd_ios_a_3:
    '安全のための仕様です。アプリを閉じるとセッションが終わるので、ほかの人があなたのスマホで遊ぶことはできません。',
  gd_android_q_1: 'メニューに「アプリをインストール」がない',
  gd_android_a_1: 'Play ストアで Chrome を更新するか、「ホーム画面に追加」を使ってください。同じアイコンが作られます。',
  gd_android_q_2: 'インストールしたアプリが開かない',
  gd_android_a_2:
    '接続を確認してください。お使いのネットワークで {{site}} がブロックされている場合は、ミラーサイトからインストールしてください。',
  gd_android_q_3: '毎回ログインが必要になる',
  gd_android_a_3:
    '安全のための仕様です。アプリを閉じるとセッションが終わるので、ほかの人があなたのスマホで遊ぶことはできません。',
  gd_lite_q_1: 'ブラウザに「ホーム画面に追加」がない',
  gd_lite_a_1:
    'ブックマークを追加するか、Chrome（Android）または Safari（iPhone）を使い、それぞれのガイドに従ってください。',
  gd_lite_q_2: 'ショートカットが古いアドレスを開く',
  gd_lite_a_2: 'ショートカットを削除し、今お使いのアドレスからもう一度追加してください。',
  gd_lite_q_3: 'ページの読み込みが遅い',
  gd_lite_a_3: 'ほかのタブやアプリを閉じてください。ゲームの画像はスクロールして表示されたときにだけ読み込まれます。',
  gd_mirrors_link: 'サイトが開かない場合はミラーサイトへ',
  gd_help_link: 'アカウントのヘルプ',
  mr_title: 'ミラーサイト',
  mr_intro:
    'お使いのネットワークで {{site}} が開かない場合は、次のアドレスをご利用ください。アカウント・残高・ゲームは同じです。',
  mr_current: '現在のアドレス',
  mr_current_hint:
    'アドレスバーを確認してください。当サイトは常に https と、このページに載っているアドレスを使います。',
  mr_list_title: '公式アドレス',
  mr_status_active: '稼働中',
  mr_status_maintenance: 'メンテナンス中',
  mr_you_are_here: '現在地',
  mr_copy: 'コピー',
  mr_copied_short: 'コピー済み',
  mr_copied: '{{host}} をコピーしました',
  mr_copy_label: '{{host}} をコピー',
  mr_open: '開く',
  mr_open_label: '{{host}} を新しいタブで開く',
  mr_empty: '現在ほかのアドレスはありません',
  mr_empty_hint: '新しいアドレスは追加され次第このページに表示されます。',
  mr_tip: 'このページをブックマークしてください。アドレスが変わるたびに更新されます。',
  mr_app_link: 'アプリのインストールはこちら。',
};

export default ja;
