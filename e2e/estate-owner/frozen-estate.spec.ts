import { axeAtBothWidths, csrfToken, expect as baseExpect, test } from '../fixtures.ts';
import { activateThroughApi, PAST_VETO_WINDOW_MS } from '../estate-lifecycle/activate.ts';
import { createFamily, OWNER_PASSWORD } from '../estate-lifecycle/family.ts';
import { moveServerClock, signInAgain } from '../safeguards/clock.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

/** Issue 24 item 1: once the estate is active, its owner's account finds every screen read-only and every change refused. */
test('an active estate is read-only to its owner: a banner, no way to add, edit, share or delete, and the API answers 409', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);
  const { user } = (await (await owner.request.get('/api/v1/auth/session')).json()) as { user: { estateId: string } };

  await activateThroughApi(baseURL!, { beneficiary, beneficiaryLogin: family.beneficiary, administrator, administratorLogin: family.administrator }, user.estateId);
  try {
    await signInAgain(owner, { email: family.ownerEmail, password: OWNER_PASSWORD });
    const banner = owner.getByRole('status').filter({ hasText: /^Your estate was activated on \d{1,2} \w+ \d{4}\. Everything here is kept as you left it; nothing can be changed\. If this is a mistake, tell us on your dashboard\.$/ });

    await owner.goto('/estate-owner/memories');
    const card = owner.getByRole('listitem').filter({ hasText: family.memoryTitle });
    await expect(card).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Create Memory' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^(Edit|Share|Add Note)/ })).toHaveCount(0);
    await card.getByRole('button', { name: `Open ${family.memoryTitle}` }).click();
    const detail = owner.getByRole('dialog', { name: family.memoryTitle });
    await expect(detail.getByRole('button', { name: 'Close' }).last()).toBeVisible();
    await expect(detail.getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);
    await owner.screenshot({ path: testInfo.outputPath('memories-detail-desktop.png') });
    await detail.getByRole('button', { name: 'Close' }).last().click();
    await axeAtBothWidths(owner);
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.screenshot({ path: testInfo.outputPath('memories-phone.png'), fullPage: true });
    await owner.setViewportSize({ width: 1280, height: 720 });
    await owner.screenshot({ path: testInfo.outputPath('memories-desktop.png'), fullPage: true });

    // An add screen opened by its address goes back to its list.
    await owner.goto('/estate-owner/memories/create');
    await expect(owner).toHaveURL(/\/estate-owner\/memories$/);

    await owner.goto('/estate-owner/beneficiaries');
    await expect(owner.getByRole('heading', { name: 'Byron King' })).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Add Beneficiary' })).toHaveCount(0);
    await expect(owner.getByRole('button', { name: /^(Edit|Remove) Byron King$/ })).toHaveCount(0);
    await expect(owner.getByRole('button', { name: /Add Support Team Member/ })).toHaveCount(0);
    for (const box of await owner.getByRole('checkbox').all()) await expect(box).toBeDisabled();
    await owner.screenshot({ path: testInfo.outputPath('beneficiaries-desktop.png'), fullPage: true });

    for (const [path, heading, add] of [
      ['/estate-owner/documents', 'Documents', 'Upload Document'],
      ['/estate-owner/digital-assets', 'Digital Assets', 'Add Digital Asset'],
      ['/estate-owner/messages', 'Messages', 'Compose Message'],
    ] as const) {
      await owner.goto(path);
      await expect(owner.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(banner).toBeVisible();
      await expect(owner.getByRole('button', { name: add })).toHaveCount(0);
    }
    await expect(owner.getByRole('button', { name: `Edit “${family.letterSubject}”` })).toHaveCount(0);

    await owner.goto('/estate-owner');
    await expect(owner.getByRole('heading', { name: 'Tasks to Complete' })).toBeVisible();
    await expect(owner.getByRole('heading', { level: 1 })).not.toHaveText(/Welcome/);
    await expect(owner.getByText('Your estate has been activated. This page shows what you left, as you left it.')).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(owner.getByRole('button', { name: /^(Upload Document|Add Task|Message Byron King)$/ })).toHaveCount(0);
    // what was left open can be read, not worked: View, never Open or Upload
    await expect(owner.getByRole('button', { name: /^(Open task|Upload a document for): / })).toHaveCount(0);
    await expect(owner.getByRole('link', { name: 'Set up check-in' })).toHaveCount(0);
    await owner.screenshot({ path: testInfo.outputPath('dashboard-desktop.png'), fullPage: true });

    await owner.goto('/estate-owner/settings');
    await expect(banner).toBeVisible();
    const saves = owner.getByRole('button', { name: 'Save Changes' });
    await expect(saves.first()).toBeDisabled();
    for (const save of await saves.all()) await expect(save).toBeDisabled();
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.screenshot({ path: testInfo.outputPath('settings-phone.png'), fullPage: true });
    await owner.setViewportSize({ width: 1280, height: 720 });

    // The server is the guard: a change sent directly is refused and nothing moves.
    const { items } = (await (await owner.request.get('/api/v1/memories')).json()) as { items: { id: string; title: string }[] };
    const memory = items.find((m) => m.title === family.memoryTitle)!;
    const edit = await owner.request.patch(`/api/v1/memories/${memory.id}`, { data: { title: 'Rewritten' }, headers: { 'x-csrf-token': await csrfToken(owner) } });
    expect(edit.status()).toBe(409);
    expect(((await edit.json()) as { error: { message: string } }).error.message).toMatch(/kept exactly as Ada Lovelace left it/);
    expect(((await (await owner.request.get(`/api/v1/memories/${memory.id}`)).json()) as { title: string }).title).toBe(family.memoryTitle);
  } finally {
    await moveServerClock(baseURL!, -PAST_VETO_WINDOW_MS);
  }
});
