// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE } from '../../../core/documents.schemas.ts';
import { setCsrfToken } from '../../lib/api.ts';
import { stubXhr } from '../../lib/http-fakes.ts';
import { UploadDialog } from './upload-dialog.tsx';

function renderDialog() {
  const onUploaded = vi.fn();
  const onClose = vi.fn();
  // The dialog's fields read the router's navigation state, as on every screen.
  const router = createMemoryRouter([{ path: '/', element: <UploadDialog open onClose={onClose} folders={[]} onUploaded={onUploaded} /> }]);
  render(<RouterProvider router={router} />);
  return { onUploaded, onClose, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Upload Document' });
const uploadButton = () => within(dialog()).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
const cancelButton = () => within(dialog()).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
const pdf = (name = 'last-will.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** Chooses a file and a type, and presses Upload. */
async function fillAndUpload(user: UserEvent, file = pdf()) {
  await user.upload(within(dialog()).getByLabelText('File'), file);
  await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Type' }), 'Legal Document');
  await user.click(uploadButton());
}

beforeEach(() => setCsrfToken('tok'));
afterEach(() => {
  cleanup();
  setCsrfToken(undefined);
  vi.unstubAllGlobals();
});

describe('UploadDialog', () => {
  it('shows how far the upload is, then that it is being checked, and closes once saved', async () => {
    const requests = stubXhr();
    const { user, onUploaded, onClose } = renderDialog();
    await fillAndUpload(user);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const form = requests[0]!.body as FormData;
    expect([form.get('title'), form.get('type'), (form.get('file') as File).name]).toEqual(['last will', 'legal', 'last-will.pdf']);

    act(() => requests[0]!.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('40%');
    expect(uploadButton().disabled).toBe(true);
    expect(uploadButton().getAttribute('aria-busy')).toBe('true');
    expect(cancelButton().disabled).toBe(true);

    act(() => requests[0]!.progress(100, 100));
    expect(screen.getByRole('progressbar', { name: 'Checking and saving…' }).getAttribute('aria-valuenow')).toBe('100');

    const saved = { id: 'd1', title: 'last will' };
    await act(async () => requests[0]!.respond(201, saved));
    expect(onUploaded).toHaveBeenCalledWith(saved);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal on the form and the file, and lets the person try again", async () => {
    const requests = stubXhr();
    const { user, onUploaded, onClose } = renderDialog();
    await fillAndUpload(user);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    act(() => requests[0]!.progress(100, 100));

    await act(async () =>
      requests[0]!.respond(422, {
        error: { code: 'VALIDATION_FAILED', message: 'This file could not be stored.', fields: { file: 'The file is not a PDF, DOC or DOCX.' } },
      }),
    );
    expect(within(dialog()).getByRole('alert').textContent).toBe('This file could not be stored.');
    expect(within(dialog()).getByLabelText('File').getAttribute('aria-invalid')).toBe('true');
    expect(dialog().textContent).toContain('The file is not a PDF, DOC or DOCX.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(uploadButton().disabled).toBe(false);
    expect(cancelButton().disabled).toBe(false);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(uploadButton());
    await vi.waitFor(() => expect(requests).toHaveLength(2));
  });

  it('refuses a file over the limit before sending anything', async () => {
    const requests = stubXhr();
    const { user } = renderDialog();
    const large = pdf('scans.pdf');
    Object.defineProperty(large, 'size', { value: DOCUMENT_MAX_BYTES + 1 });
    await fillAndUpload(user, large);
    expect(within(dialog()).getByRole('alert').textContent).toContain(DOCUMENT_TOO_LARGE_MESSAGE);
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
