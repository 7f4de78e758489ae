// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import { apiError, json, mockFetch } from '../../lib/http-fakes.ts';
import { useLoadMore, type Page } from '../../lib/use-load-more.ts';
import { LoadMoreFooter } from './load-more-footer.tsx';

type Letter = { id: string; title: string };

/** A list as the screens build it: first page from the loader, the next ones through the API. */
function Letters({ first, query }: { first: Page<Letter>; query: string }) {
  const list = useLoadMore(first, query, (cursor) => api.get<Page<Letter>>(`/api/v1/letters?q=${query}&cursor=${cursor}`));
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <>
      <ul ref={listRef} aria-label="Letters">
        {list.items.map((letter) => (
          <li key={letter.id}>
            <a href={`/letters/${letter.id}`}>{letter.title}</a>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} listRef={listRef} />
    </>
  );
}

const letter = (id: string): Letter => ({ id, title: `Letter ${id}` });
const shown = () => within(screen.getByRole('list', { name: 'Letters' })).getAllByRole('link').map((a) => a.textContent);
const loadMoreButton = () => screen.queryByRole('button', { name: 'Load more' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoadMoreFooter with useLoadMore', () => {
  it('adds the next pages once each, moves focus to the first new item and goes away after the last page', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(
      () => json(200, { items: [letter('b'), letter('c')], nextCursor: 'after-c' }),
      () => json(200, { items: [letter('d')], nextCursor: null }),
    );
    render(<Letters first={{ items: [letter('a'), letter('b')], nextCursor: 'after-b' }} query="all" />);
    expect(shown()).toEqual(['Letter a', 'Letter b']);

    await user.click(loadMoreButton()!);
    await screen.findByRole('link', { name: 'Letter c' });
    expect(shown()).toEqual(['Letter a', 'Letter b', 'Letter c']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Letter c' }));

    await user.click(loadMoreButton()!);
    await screen.findByRole('link', { name: 'Letter d' });
    expect(shown()).toEqual(['Letter a', 'Letter b', 'Letter c', 'Letter d']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Letter d' }));
    expect(loadMoreButton()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/letters?q=all&cursor=after-b', '/api/v1/letters?q=all&cursor=after-c']);
  });

  it('shows the button busy while a page loads', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<Letters first={{ items: [letter('a')], nextCursor: 'after-a' }} query="all" />);

    await user.click(loadMoreButton()!);
    const button = loadMoreButton() as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');

    answer(json(200, { items: [letter('b')], nextCursor: 'after-b' }));
    await screen.findByRole('link', { name: 'Letter b' });
    expect((loadMoreButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("says why a page did not load and keeps the button to try again", async () => {
    const user = userEvent.setup();
    mockFetch(
      () => apiError(503, 'SERVICE_UNAVAILABLE', 'Heirloom is busy. Try again in a moment.'),
      () => json(200, { items: [letter('b')], nextCursor: null }),
    );
    render(<Letters first={{ items: [letter('a')], nextCursor: 'after-a' }} query="all" />);

    await user.click(loadMoreButton()!);
    expect((await screen.findByRole('alert')).textContent).toBe('Heirloom is busy. Try again in a moment.');
    expect(shown()).toEqual(['Letter a']);

    await user.click(loadMoreButton()!);
    await screen.findByRole('link', { name: 'Letter b' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops the pages loaded for the previous search when the search changes', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(200, { items: [letter('b')], nextCursor: null }));
    const { rerender } = render(<Letters first={{ items: [letter('a')], nextCursor: 'after-a' }} query="all" />);
    await user.click(loadMoreButton()!);
    await screen.findByRole('link', { name: 'Letter b' });

    rerender(<Letters first={{ items: [letter('x')], nextCursor: 'after-x' }} query="wedding" />);
    expect(shown()).toEqual(['Letter x']);
    expect(loadMoreButton()).not.toBeNull();
  });
});
