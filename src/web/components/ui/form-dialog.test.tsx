// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setCsrfToken } from '../../lib/api.ts';
import { apiError, json, mockFetch } from '../../lib/http-fakes.ts';
import { useAction } from '../../lib/use-action.ts';
import { TextField } from './field.tsx';
import { FormDialog } from './form-dialog.tsx';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt.tsx';

/** A screen as the app builds one: a form dialog saving through the API, under the layout's prompt. */
function RenameLetter() {
  const [open, setOpen] = useState(true);
  const [title, setTitle] = useState('Dear Emily');
  const { busy, error, fields, run } = useAction();
  const save = () => run(async () => {
    await api.patch('/api/v1/letters/l1', { title });
    setOpen(false);
  });
  return (
    <FormDialog open={open} onClose={() => setOpen(false)} title="Rename letter" submitLabel="Save Changes" busy={busy} error={error} onSubmit={() => void save()}>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={fields.title} />
    </FormDialog>
  );
}

function renderScreen() {
  const router = createMemoryRouter(
    [
      {
        path: '/letters',
        element: (
          <>
            <RenameLetter />
            <UnsavedChangesPrompt />
          </>
        ),
      },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/letters'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup(), navigate: (to: string) => act(() => router.navigate(to)) };
}

const formDialog = () => screen.getByRole('dialog', { name: 'Rename letter' });
const titleField = () => within(formDialog()).getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
const leavePrompt = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });
/** Until the dialog's closing transition has run and its form is gone. */
const waitForDialogClosed = () => vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename letter' })).toBeNull());
const saveButton = () => within(formDialog()).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;

afterEach(() => {
  cleanup();
  setCsrfToken(undefined);
  vi.unstubAllGlobals();
});

describe('FormDialog and the unsaved-changes prompt', () => {
  it('asks before leaving the screen with unsaved changes; staying keeps them, leaving goes', async () => {
    const { router, user, navigate } = renderScreen();
    await user.clear(titleField());
    await user.type(titleField(), 'To my grandchildren');

    await navigate('/elsewhere');
    const prompt = leavePrompt()!;
    expect(prompt).not.toBeNull();
    expect(prompt.textContent).toContain('You have changes that are not saved yet.');
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(leavePrompt()).toBeNull();
    expect(router.state.location.pathname).toBe('/letters');
    expect(titleField().value).toBe('To my grandchildren');
    await vi.waitFor(() => expect(document.activeElement).toBe(titleField()));

    await navigate('/elsewhere');
    await user.click(within(leavePrompt()!).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });

  it('lets the screen go without asking when nothing changed, and stays quiet about a query-only change', async () => {
    const { router, user, navigate } = renderScreen();
    await user.type(titleField(), '!');
    await navigate('/letters?tab=drafts');
    expect(leavePrompt()).toBeNull();
    expect(router.state.location.search).toBe('?tab=drafts');

    await user.type(titleField(), '{Backspace}');
    await navigate('/elsewhere');
    expect(leavePrompt()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });

  it('does not ask once the dialog is cancelled: the person chose to drop the changes', async () => {
    const { user, navigate } = renderScreen();
    await user.type(titleField(), ' and Tom');
    await user.click(within(formDialog()).getByRole('button', { name: 'Cancel' }));
    await waitForDialogClosed();
    await navigate('/elsewhere');
    expect(leavePrompt()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });

  it('asks the browser to hold a reload or tab close only while there are unsaved changes', async () => {
    const { user } = renderScreen();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(titleField(), ' and Tom');
    expect(unload()).toBe(true);
  });

  it("shows the save busy, then the server's refusal above the fields and on the field", async () => {
    setCsrfToken('tok');
    let answer!: (response: Response) => void;
    const calls = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, navigate } = renderScreen();
    await user.clear(titleField());
    await user.type(titleField(), 'Letters');
    await user.click(saveButton());

    expect(saveButton().disabled).toBe(true);
    expect(saveButton().getAttribute('aria-busy')).toBe('true');
    expect(calls[0]?.init.body).toBe('{"title":"Letters"}');

    answer(apiError(409, 'CONFLICT', 'You already have a letter with this title.', { title: 'Choose another title' }));
    const alert = await within(formDialog()).findByRole('alert');
    expect(alert.textContent).toBe('You already have a letter with this title.');
    expect(titleField().getAttribute('aria-invalid')).toBe('true');
    expect(formDialog().textContent).toContain('Choose another title');
    expect(saveButton().disabled).toBe(false);

    // A submit makes what is on the form the new baseline, even when the server refused it (ADR 0043).
    await navigate('/elsewhere');
    expect(leavePrompt()).toBeNull();
  });

  it('closes on a successful save, and the screen goes without asking', async () => {
    setCsrfToken('tok');
    mockFetch(() => json(200, { id: 'l1', title: 'Letters' }));
    const { user, navigate } = renderScreen();
    await user.type(titleField(), ' (final){Enter}');
    await waitForDialogClosed();
    await navigate('/elsewhere');
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
  });
});
