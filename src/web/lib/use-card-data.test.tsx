// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useCallback } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { apiError, json, mockFetch } from './http-fakes.ts';
import { useCardData } from './use-card-data.ts';
import { useRowAction } from './use-row-action.ts';

type Checklist = { done: number; items: { id: string; name: string }[] };

/** A card as the estate page's cards are built: it reads its own data, and its row actions read it again. */
function ChecklistCard({ estateId }: { estateId: string }) {
  const { data, failed, reload } = useCardData(useCallback(() => api.get<Checklist>(`/api/v1/estates/${estateId}/checklist`), [estateId]));
  const { busyId, notice, act } = useRowAction(reload);
  if (!data) return failed ? <p role="alert">{failed}</p> : null;
  return (
    <section aria-label="Checklist">
      <p>{data.done} done</p>
      <p role="status">{notice ? `${notice.tone}: ${notice.text}` : ''}</p>
      {data.items.map((item) => (
        <button
          key={item.id}
          disabled={busyId !== null}
          onClick={() =>
            void act(item.id, async () => {
              await api.get(`/api/v1/estates/${estateId}/checklist/${item.id}/tick`);
              return `“${item.name}” ticked off.`;
            })
          }
        >
          Tick {item.name}
        </button>
      ))}
    </section>
  );
}

function renderCard() {
  const router = createMemoryRouter([{ path: '/', element: <ChecklistCard estateId="e1" /> }]);
  return render(<RouterProvider router={router} />);
}

const checklist = (done: number): Checklist => ({ done, items: [{ id: 'a1', name: 'Email' }] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a card that reads its own data (useCardData with useRowAction)', () => {
  it('shows nothing when the server says it is not there for this viewer (404)', async () => {
    const calls = mockFetch(() => apiError(404, 'NOT_FOUND', 'That estate’s checklist was not found.'));
    const { container } = renderCard();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it('says why when it cannot be read for another reason', async () => {
    mockFetch(() => apiError(503, 'UNAVAILABLE', 'Heirloom is busy. Try again in a minute.'));
    renderCard();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Heirloom is busy. Try again in a minute.');
  });

  it('after an action, says what it did and shows the data read again', async () => {
    const calls = mockFetch(
      () => json(200, checklist(0)),
      () => json(200, { ok: true }),
      () => json(200, checklist(1)),
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Tick Email' }));
    expect(await screen.findByText('1 done')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('success: “Email” ticked off.');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/estates/e1/checklist', '/api/v1/estates/e1/checklist/a1/tick', '/api/v1/estates/e1/checklist']);
  });

  it('after a refusal, shows the server’s words and reads the data again (it may have changed)', async () => {
    const calls = mockFetch(
      () => json(200, checklist(0)),
      () => apiError(409, 'CONFLICT', 'Someone else ticked it a moment ago.'),
      () => json(200, checklist(1)),
    );
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Tick Email' }));
    expect(await screen.findByText('1 done')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('error: Someone else ticked it a moment ago.');
    expect(calls).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Tick Email' })).toHaveProperty('disabled', false);
  });
});
