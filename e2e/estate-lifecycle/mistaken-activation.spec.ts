import { axeAtBothWidths, expect, test } from '../fixtures.ts';
import { moveServerClock, signInAgain } from '../safeguards/clock.ts';
import { activateThroughApi, PAST_VETO_WINDOW_MS } from './activate.ts';
import { createFamily, OWNER_PASSWORD } from './family.ts';

/**
 * A mistaken activation undone by two people (ADR 0075), on screen: the owner of an active estate
 * says "I am alive"; their estate administrator proposes the reversal; a platform admin — another
 * person — approves it; the owner is back in planning and the beneficiary no longer sees what was
 * released.
 */
test('the owner says "I am alive", the administrator proposes, a platform admin approves: the estate is back in planning', async ({ browser, baseURL, page, login }) => {
  test.setTimeout(120_000);
  const [ownerCtx, beneficiaryCtx, administratorCtx] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [owner, beneficiary, administrator] = await Promise.all([ownerCtx.newPage(), beneficiaryCtx.newPage(), administratorCtx.newPage()]);
  const family = await createFamily(owner, beneficiary, administrator, baseURL!);
  const reportable = (await (await beneficiary.request.get('/api/v1/reportable-estates')).json()) as { items: { estateId: string }[] };
  const estateId = reportable.items[0]!.estateId;
  await activateThroughApi(baseURL!, { beneficiary, beneficiaryLogin: family.beneficiary, administrator, administratorLogin: family.administrator }, estateId);
  await beneficiary.goto('/beneficiary/memories');
  await expect(beneficiary.getByText(family.memoryTitle)).toBeVisible();

  // 1. The owner signs in: the estate is frozen, and the dashboard asks whether this is a mistake.
  await signInAgain(owner, { email: family.ownerEmail, password: OWNER_PASSWORD });
  await owner.goto('/estate-owner');
  await expect(owner.getByText(/^Your estate was activated on/)).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Is this a mistake?' })).toBeVisible();
  await axeAtBothWidths(owner);
  await owner.getByRole('button', { name: 'This is a mistake — I am alive' }).click();
  await expect(owner.getByRole('heading', { name: 'You told us this is a mistake' })).toBeVisible();
  await expect(owner.getByText(/Your estate administrator will contact you to check it/)).toBeFocused();
  await expect(owner.getByRole('button', { name: 'This is a mistake — I am alive' })).toHaveCount(0);
  await axeAtBothWidths(owner);

  // 2. The estate's administrator checks it and proposes the reversal (a reason is required).
  await administrator.goto(`/estate-administrator/estates/${estateId}`);
  const review = administrator.getByRole('region', { name: 'The owner says this activation is a mistake' });
  await expect(review.getByText('Waiting for the estate administrator to check it')).toBeVisible();
  await review.getByRole('button', { name: 'Propose reversal' }).click();
  const checked = review.getByRole('textbox', { name: 'How you checked it' });
  await expect(checked).toBeFocused();
  await expect(checked).toHaveAccessibleDescription(/Write how you checked it first/);
  const proposal = `I phoned Ada at home (${Date.now()}); she answered and we spoke for ten minutes.`;
  await checked.fill(proposal);
  await review.getByRole('button', { name: 'Propose reversal' }).click();
  await expect(administrator.locator(':focus')).toContainText('Your proposal was sent.');
  await expect(review.getByText('Reversal proposed — waiting for a platform admin')).toBeVisible();
  await axeAtBothWidths(administrator);

  // 3. A platform admin — not the proposer — approves it on Estates.
  await login({ role: 'admin' });
  await page.goto('/admin/estates');
  const pending = page.getByRole('article').filter({ hasText: proposal });
  await expect(pending.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await axeAtBothWidths(page);
  await pending.getByRole('textbox', { name: 'Your reason' }).fill('Spoke to Rowan and to Ada: the certificate was for someone else.');
  await pending.getByRole('button', { name: 'Approve reversal' }).click();
  await expect(page.locator(':focus')).toContainText('Ada Lovelace’s estate is back in planning.');
  await expect(page.getByRole('row').filter({ hasText: family.ownerEmail })).toContainText('Planning');
  await axeAtBothWidths(page);

  // 4. The owner's dashboard is back in planning; the beneficiary no longer sees what was released.
  await owner.reload();
  await expect(owner.getByText(/undid it on/)).toBeVisible();
  await expect(owner.getByText(/^Your estate was activated on/)).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Upload Document' })).toBeVisible();
  await beneficiary.goto('/beneficiary/memories');
  await expect(beneficiary.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(beneficiary.getByText(family.memoryTitle)).toHaveCount(0);
  await beneficiary.goto('/beneficiary/messages');
  await expect(beneficiary.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(beneficiary.getByText(family.letterSubject)).toHaveCount(0);

  await moveServerClock(baseURL!, -PAST_VETO_WINDOW_MS);
  await Promise.all([ownerCtx.close(), beneficiaryCtx.close(), administratorCtx.close()]);
});
