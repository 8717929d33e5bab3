import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { DEMO_CONTENT, OperatorApi } from '../support/operator.ts';
import { ARTIFACTS_DIR, SCREEN_SIZES } from '../support/screenshots.ts';

/*
 * Activity applications (issue 19, spec §5, decision 086). A new member opens the demo's
 * share-and-win offer (claim mode: application reviewed by an operator), applies with a comment and
 * two images, and sees "applying"; a content operator reads it on the console's promotions desk,
 * opens an image and approves; the member sees the reward in the balance and the status paid. In
 * English, the image picker answers the spec's messages for a wrong type, a file over 5 MB and a
 * fourth image, and a rejection's reason is shown to the member.
 */
test.describe.configure({ timeout: 180_000 });

type Envelope<T> = { success: boolean; value: T; code?: string };
const PASSWORD = 'apply1234';
const OFFER_PT = 'Compartilhe e ganhe';

/** A 1×1 PNG and a small JPEG, made here (their first bytes are what the server judges). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600', 'hex'),
  Buffer.alloc(300, 7),
  Buffer.from('ffd9', 'hex'),
]);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

const register = async (request: APIRequestContext, username: string) => {
  const reg = await request.post('/wps/member/register', {
    data: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1992-06-20',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
};

/** The offer's id, from the public list. */
const offerId = async (request: APIRequestContext) => {
  const res = await request.get('/wps/v2/promotions?language=PT');
  const list = ((await res.json()) as Envelope<{ list: { id: number; title: string; claimMode: string }[] }>).value
    .list;
  const offer = list.find((p) => p.title === OFFER_PT)!;
  expect(offer.claimMode).toBe('application');
  return offer.id;
};

const openOffer = async (page: Page, id: number) => {
  await page.goto(`/promotions#${id}`);
  await settle(page);
  const detail = page.getByTestId('promotion-detail');
  await expect(detail).toBeVisible();
  return detail;
};

/**
 * The detail is a dialog that scrolls inside itself, so a full-page shot shows only its top: these
 * are the viewport at each size with `at` (the form's part of interest) scrolled into view.
 */
const shootDialog = async (page: Page, at: Locator, name: string) => {
  await shoot(page, name);
  const original = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await at.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: path.join(ARTIFACTS_DIR, `${name}-dialog-${size.width}x${size.height}.png`),
      animations: 'disabled',
    });
  }
  if (original) await page.setViewportSize(original);
};

test('a member applies with a comment and two images; an operator approves; the reward is paid', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const id = await offerId(request);
  const username = `ap${uniqueSuffix()}`;
  await register(request, username);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('balance')).toHaveText('0,00');

  const detail = await openOffer(page, id);
  await expect(detail).toContainText('Analisada pela nossa equipe antes do pagamento do prêmio');
  await expect(detail.getByTestId('promotion-status')).toHaveAttribute('data-status', 'join');
  const comment = `Meu post: https://social.example/p/${username}`;
  await detail.getByTestId('apply-comment').fill(comment);
  await detail
    .getByTestId('apply-images')
    .setInputFiles([png('vitoria.png'), { name: 'print.jpg', mimeType: 'image/jpeg', buffer: JPEG }]);
  const thumbs = detail.getByTestId('apply-thumbs').locator('[data-ready="true"]');
  await expect(thumbs).toHaveCount(2);
  await expect(detail).toContainText('Imagens (2/3)');
  await expectNoA11yViolations(page, '/promotions application form');
  await shootDialog(page, detail.getByTestId('promotion-apply'), 'promotion-application-form');
  await detail.getByTestId('promotion-apply').click();
  await expect(detail.getByTestId('promotion-status')).toHaveAttribute('data-status', 'applying');
  await expect(detail.getByTestId('promotion-status')).toHaveText('Em análise');
  await expect(detail.getByTestId('promotion-applying-note')).toBeVisible();
  await expect(detail.getByTestId('promotion-apply-form')).toHaveCount(0);
  await shootDialog(page, detail.getByTestId('promotion-status'), 'promotion-application-applying');

  // The content operator reviews it on the promotions desk: the comment, the images, approve.
  const desk = await openConsole(browser, baseURL, DEMO_CONTENT);
  try {
    await desk.getByRole('tab', { name: 'Promoções' }).click();
    const queue = desk.getByTestId('applications-desk');
    const item = queue.getByTestId('application-item').filter({ hasText: username });
    await expect(item).toBeVisible();
    await expect(item.getByTestId('application-comment')).toHaveText(comment);
    await expect(item).toContainText(OFFER_PT);
    await item.getByRole('button', { name: 'Imagem 1' }).click();
    const shown = desk.getByRole('dialog').getByRole('img', { name: 'Imagem 1' });
    await expect(shown).toBeVisible();
    await desk.keyboard.press('Escape');
    await item.getByRole('button', { name: 'Imagem 2' }).click();
    await expect(desk.getByRole('dialog').getByRole('img', { name: 'Imagem 2' })).toBeVisible();
    await desk.keyboard.press('Escape');
    await item.scrollIntoViewIfNeeded();
    await shoot(desk, 'promotion-application-console');
    await item.getByTestId('application-approve').click();
    await expect(queue.getByTestId('applications-done')).toContainText(username);
    await expect(queue.getByTestId('application-item').filter({ hasText: username })).toHaveCount(0);
    await queue.getByTestId('applications-filter-approved').click();
    await expect(queue.getByTestId('application-item').filter({ hasText: username })).toHaveAttribute(
      'data-status',
      'approved',
    );
  } finally {
    await desk.context().close();
  }

  // The member: R$ 10,00 in the balance, the offer paid.
  await page.reload();
  await settle(page);
  await expect(page.getByTestId('balance')).toHaveText('10,00');
  const after = page.getByTestId('promotion-detail');
  await expect(after.getByTestId('promotion-status')).toHaveAttribute('data-status', 'issued');
  await expect(after.getByTestId('promotion-status')).toHaveText('Pago');
  await expect(after.getByTestId('promotion-approved-note')).toBeVisible();
  await shootDialog(page, after.getByTestId('promotion-approved-note'), 'promotion-application-paid');
});

test('the picker answers the spec’s messages; a rejection’s reason reaches the member', async ({
  browser,
  request,
  baseURL,
}) => {
  const id = await offerId(request);
  const username = `ar${uniqueSuffix()}`;
  await register(request, username);
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  const page = await context.newPage();
  try {
    await page.goto('/');
    await loginWithPassword(page, username, PASSWORD);
    await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
    const detail = await openOffer(page, id);
    const picker = detail.getByTestId('apply-images');
    const hint = detail.getByTestId('apply-images-hint');
    const thumbs = detail.getByTestId('apply-thumbs').locator('[data-ready="true"]');

    await picker.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a0000000000') });
    await expect(hint).toHaveText('Only acceptable png or jpg');
    // A png name on other bytes is judged by its bytes.
    await picker.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expect(hint).toHaveText('Only acceptable png or jpg');
    await picker.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect(hint).toHaveText('The image maximum size is 5MB');
    await expect(detail.getByTestId('apply-thumbs').locator('li[data-ready]')).toHaveCount(0);

    await picker.setInputFiles([png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    await expect(hint).toHaveText("Can't accept upload more than 3 images");
    await expect(thumbs).toHaveCount(3);
    await picker.setInputFiles([png('e.png')]);
    await expect(hint).toHaveText("Can't accept upload more than 3 images");
    await expect(thumbs).toHaveCount(3);
    await detail.getByTestId('promotion-apply').click();
    await expect(detail.getByTestId('apply-comment')).toHaveAttribute('aria-invalid', 'true');
    await expect(detail).toContainText('Please enter content');
    await shootDialog(page, detail.getByTestId('promotion-apply'), 'promotion-application-messages');
    await detail.getByTestId('apply-comment').fill('Three screenshots of my post');
    await detail.getByTestId('promotion-apply').click();
    await expect(detail.getByTestId('promotion-status')).toHaveAttribute('data-status', 'applying');

    // An operator rejects it with a reason; the member reads it and may apply again.
    const content = await OperatorApi.login(request, DEMO_CONTENT);
    const waiting = await content.get<{ list: { id: number; account: string; images: string[] }[] }>(
      '/wps/operator/promotions/applications?status=applying&pageSize=100',
    );
    const mine = waiting.list.find((a) => a.account === username)!;
    expect(mine.images).toHaveLength(3);
    await content.post('/wps/operator/promotions/applications/decide', {
      id: mine.id,
      outcome: 'reject',
      reason: 'The screenshots do not show the post',
    });
    await page.reload();
    await settle(page);
    const again = page.getByTestId('promotion-detail');
    await expect(again.getByTestId('promotion-status')).toHaveAttribute('data-status', 'rejected');
    await expect(again.getByTestId('promotion-rejected-reason')).toContainText('The screenshots do not show the post');
    await expect(again.getByTestId('promotion-apply-form')).toBeVisible();
    await shootDialog(page, again.getByTestId('promotion-apply'), 'promotion-application-rejected');
  } finally {
    await context.close();
  }
});
