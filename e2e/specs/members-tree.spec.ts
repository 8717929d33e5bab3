import { openConsole } from '../support/console.ts';
import { DEMO, codeFromOutbox, uniqueMobile } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * The members desk's tree actions (issue 21, decision 079): the operator finds a new member by
 * mobile, makes them an agent of type 2, moves them under the demo agent, and reads both changes,
 * with their reasons and before → after, in the audit viewer. The demo agent then sees its income
 * by kind drawn as a chart beside the table.
 */
test.describe('members desk: type and upline', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member found by mobile becomes an agent and moves under another agent; the audit shows both', async ({
    browser,
    baseURL,
    request,
  }) => {
    const mobile = uniqueMobile();
    await request.post('/wps/verification/sms/register', { data: { countryDialingCode: '55', mobileNum: mobile } });
    const code = await codeFromOutbox(request, `+55${mobile}`);
    const reg = await request.post('/wps/member/register/mobile', {
      data: {
        mobileNum: mobile,
        countryDialingCode: '55',
        verificationCode: code,
        password: 'phone123',
        confirmPassword: 'phone123',
        agreeTerms: true,
        ageConfirmed: true,
        birthday: '1991-03-02',
      },
    });
    expect(reg.ok(), await reg.text()).toBe(true);

    const page = await openConsole(browser, baseURL);
    await page.getByRole('tab', { name: 'Membros' }).click();
    await page.getByTestId('members-search-by').selectOption('mobile');
    await page.getByTestId('members-search-text').fill(mobile);
    await page.getByTestId('members-search-go').click();
    await expect(page.getByTestId('members-result')).toHaveCount(1);
    await page.getByTestId('members-result').first().getByRole('button', { name: 'Abrir' }).click();
    const profile = page.getByTestId('member-profile');
    await expect(profile).toContainText(`+55 ${mobile}`);
    await expect(page.getByTestId('member-type')).toContainText('Membro');
    await expect(page.getByTestId('member-uplines')).toContainText('Sem superior');

    // The type: a member becomes an agent of type 2.
    await page.getByTestId('member-action-changeType').click();
    await page.getByTestId('member-new-type').selectOption('2');
    await page.getByTestId('console-prompt-text').fill('Vai montar uma equipe');
    await expectNoA11yViolations(page, 'change type dialog');
    await page.getByTestId('console-prompt-ok').click();
    await expect(page.getByTestId('console-prompt')).toHaveCount(0);
    await expect(page.getByTestId('member-type')).toContainText('Agente (tipo 2)');

    // An upline that does not exist is refused in the dialog; the demo agent takes them.
    await page.getByTestId('member-action-move').click();
    await page.getByTestId('member-new-upline').fill('ninguem-aqui');
    await page.getByTestId('console-prompt-text').fill('Equipe reorganizada');
    await page.getByTestId('console-prompt-ok').click();
    await expect(page.getByTestId('console-prompt')).toContainText('No such upline');
    await page.getByTestId('member-new-upline').fill(DEMO.agent.username);
    await page.getByTestId('console-prompt-ok').click();
    await expect(page.getByTestId('console-prompt')).toHaveCount(0);
    await expect(page.getByTestId('member-uplines')).toContainText(DEMO.agent.username);
    await expect(page.getByTestId('member-action-done')).toBeVisible();
    await expectNoA11yViolations(page, 'member page after a move');
    await shoot(page, 'members-tree-member');

    // The audit viewer: both changes with their reasons, before and after.
    await page.getByRole('tab', { name: 'Auditoria' }).click();
    await page.getByTestId('audit-filter-action').fill('member.');
    await page.getByTestId('audit-filter-go').click();
    const audit = page.getByTestId('console-audit');
    const type = audit.locator('[data-action="member.type"]').first();
    await expect(type).toContainText('Vai montar uma equipe');
    await expect(type).toContainText('type: 0 → 2');
    const moved = audit.locator('[data-action="member.move"]').first();
    await expect(moved).toContainText('Equipe reorganizada');
    await expect(moved).toContainText(new RegExp(`upline: null → ${DEMO.agent.username}`));
    await shoot(page, 'members-tree-audit');
  });
});
