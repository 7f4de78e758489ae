// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { EmailedLinkPage, useEmailedLinkToken } from './emailed-link-page.tsx';

/** A landing page as the app builds one: one deliberate press uses the link. */
function CheckInLanding() {
  const token = useEmailedLinkToken();
  const [used, setUsed] = useState<string | null>(null);
  return (
    <EmailedLinkPage
      token={token}
      title="Check in"
      incompleteHint="Open the link from the email again."
      done={used !== null && { title: 'Thank you, you are checked in', body: <p>Used {used}</p> }}
    >
      <button type="button" onClick={() => setUsed(token)}>
        I&apos;m here
      </button>
    </EmailedLinkPage>
  );
}

function openAt(fragment: string) {
  window.history.replaceState(null, '', `/check-in${fragment}`);
  const router = createMemoryRouter([{ path: '/check-in', element: <CheckInLanding /> }], { initialEntries: ['/check-in'] });
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

it('reads the token from the fragment, decoded, acts only on the press, then announces the result', async () => {
  openAt('#ab%2Bc');
  expect(screen.getByRole('heading', { name: 'Check in' })).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: "I'm here" }));
  expect(screen.getByRole('heading', { name: 'Thank you, you are checked in' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Used ab+c');
});

it('says a link without its token is incomplete, and offers nothing to press', () => {
  openAt('');
  expect(screen.getByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
  expect(screen.getByText('Open the link from the email again.')).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});
