import type { Browser, Page } from '@playwright/test';
import agentEn from '../../apps/web/src/features/agent/i18n/en.ts';
import agentVi from '../../apps/web/src/features/agent/i18n/vi.ts';
import agentZh from '../../apps/web/src/features/agent/i18n/zh.ts';
import walletEn from '../../apps/web/src/features/wallet/i18n/en.ts';
import walletVi from '../../apps/web/src/features/wallet/i18n/vi.ts';
import walletZh from '../../apps/web/src/features/wallet/i18n/zh.ts';
import shellEn from '../../apps/web/src/i18n/locales/en.ts';
import shellVi from '../../apps/web/src/i18n/locales/vi.ts';
import shellZh from '../../apps/web/src/i18n/locales/zh.ts';
import { DEMO, loginWithPassword } from '../support/accounts.ts';
import { SCREEN_SIZES } from '../support/screenshots.ts';
import { expect, settle, shoot, test } from '../support/fixtures.ts';

/*
 * Every screen in the brand's languages (issue 25): home, lobby, deposit, withdraw, member centre
 * and agent centre in Chinese and Vietnamese, at 360 px and 1440 px. Each screen shows its own
 * language's texts, none of the English texts its tables translate, and nothing wider than the
 * window (long Vietnamese words and unbroken Chinese runs must wrap).
 */
type Table = Record<string, string>;
const LANGUAGES = {
  zh: { shell: shellZh as Table, wallet: walletZh as Table, agent: agentZh as Table },
  vi: { shell: shellVi as Table, wallet: walletVi as Table, agent: agentVi as Table },
} as const;
type Lang = keyof typeof LANGUAGES;

/** A deposit's time as each language writes it, on the brand's clock (decision 060). */
const DATE_SHAPE: Record<Lang, RegExp> = {
  zh: /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/,
  vi: /\d{2}:\d{2} \d{2}\/\d{2}\/\d{4}/,
};

/**
 * The English texts of the shell, wallet and agent tables that this language translates (no
 * placeholder: those never appear whole). A text node on the page that is exactly one of them is an
 * English fallback; the brand's own content (banners, notices written by its staff) is not, even
 * when a title happens to contain such words.
 */
const englishLeftovers = (lang: Lang): Set<string> => {
  const pairs: [Table, Table][] = [
    [shellEn as Table, LANGUAGES[lang].shell],
    [walletEn as Table, LANGUAGES[lang].wallet],
    [agentEn as Table, LANGUAGES[lang].agent],
  ];
  const out = new Set<string>();
  for (const [en, local] of pairs)
    for (const [key, text] of Object.entries(en)) if (text !== local[key] && !text.includes('{{')) out.add(text.trim());
  return out;
};

/** The trimmed text of every visible text node, and the labels assistive technology reads. */
const visibleTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && node.parentElement?.checkVisibility()) texts.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]')))
      if (el.checkVisibility())
        for (const attr of ['aria-label', 'placeholder', 'title']) {
          const value = el.getAttribute(attr)?.trim();
          if (value) texts.push(value);
        }
    return texts;
  });

/** At both sizes: no English leftover, the expected texts visible, no sideways scrolling; then the PNGs. */
const checkScreen = async (page: Page, lang: Lang, name: string, expected: string[]) => {
  const leftovers = englishLeftovers(lang);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const text of expected) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    const shown = await visibleTexts(page);
    expect(
      [...new Set(shown.filter((text) => leftovers.has(text)))],
      `${lang} ${name} at ${size.width}px shows English`,
    ).toEqual([]);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(widths.scroll, `${lang} ${name} at ${size.width}px is wider than the window`).toBeLessThanOrEqual(
      widths.inner,
    );
  }
  await shoot(page, `languages-${lang}-${name}`);
};

/** A fresh browser context whose stored language choice is `lang` (as the language picker leaves it). */
const pageIn = async (browser: Browser, lang: Lang): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  await page.addLocatorHandler(page.getByTestId('announcement-popup'), async () => {
    await page.getByTestId('announcement-dismiss').click();
  });
  return page;
};

for (const lang of Object.keys(LANGUAGES) as Lang[]) {
  const { shell, wallet, agent } = LANGUAGES[lang];

  test(`a player's screens in ${lang}: home, lobby, deposit, withdraw, member centre`, async ({ browser }) => {
    const page = await pageIn(browser, lang);
    await page.goto('/');
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await checkScreen(page, lang, 'home', [shell.login!]);

    await loginWithPassword(page, DEMO.member.username, DEMO.member.password);
    await expect(page.getByTestId('member-info')).toBeVisible();

    await page.goto('/rng');
    await settle(page);
    await checkScreen(page, lang, 'lobby', [shell.game_RNG!]);

    await page.goto('/member?page=depositv2');
    await checkScreen(page, lang, 'deposit', [wallet.wl_choose_channel!, wallet.wl_recent_deposits!]);
    // The demo member's deposits are listed with their time in this language's order.
    await expect(page.getByText(DATE_SHAPE[lang]).first()).toBeVisible();

    await page.goto('/member?page=withdraw');
    await checkScreen(page, lang, 'withdraw', [wallet.wl_bank_accounts!, wallet.wl_request_withdrawal!]);

    await page.goto('/member?page=securityCenter');
    await checkScreen(page, lang, 'member-centre', [shell.member_centre!]);
    await page.context().close();
  });

  test(`the agent centre in ${lang}`, async ({ browser }) => {
    const page = await pageIn(browser, lang);
    await page.goto('/agent');
    await page.getByTestId('login-username').fill(DEMO.agent.username);
    await page.getByTestId('login-password').fill(DEMO.agent.password);
    await page.getByTestId('agent-login-submit').click();
    await expect(page).toHaveURL(/agentHome/);
    await expect(page.locator('main[data-page="agentTeamOverview"]')).toBeVisible();
    await settle(page);
    await checkScreen(page, lang, 'agent-centre', [agent.ag_ov_size!]);
    await page.context().close();
  });
}
