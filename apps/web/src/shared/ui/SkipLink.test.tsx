import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { MAIN_CONTENT_ID } from './SkipLink.tsx';

describe("skip link ('Pular para o conteúdo', WCAG 2.4.1)", () => {
  it('is the first Tab stop of the login page and moves the focus to its main content', async () => {
    renderApp({ path: '/aet' });
    await screen.findByRole('form', { name: 'Acesse sua conta' }, { timeout: 15_000 });
    const user = userEvent.setup();
    // The login field takes the focus on arrival; from the top of the page the skip link comes first.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main.id).toBe(MAIN_CONTENT_ID);
    expect(document.activeElement).toBe(main);
    // The focus moved without a #fragment added to the address.
    expect(screen.getByTestId('location').textContent).toBe('/aet');
  });

  it('reads in English', async () => {
    renderApp({ path: '/', language: 'en' });
    await screen.findByRole('form', {}, { timeout: 15_000 });
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.setup().tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
  });
});
