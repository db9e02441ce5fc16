import type { FormComponent } from '@der/contracts';
import { renderHook, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printLayoutUrl, useButtonActions } from './useButtonActions.ts';

type Button = Extract<FormComponent, { type: 'button' }>;
const printButton = {
  type: 'button',
  text: { 'pt-BR': 'Imprimir AET', en: 'Print AET' },
  action: { kind: 'print', printLayoutId: 1 },
} as Button;
const wrapper = ({ children }: { children: ReactNode }) => <SnackbarProvider>{children}</SnackbarProvider>;
const noRenderer = { current: null };

afterEach(() => vi.unstubAllGlobals());

describe("the form's print button", () => {
  it('opens the print viewer of the saved item in a new tab', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { result } = renderHook(() => useButtonActions(1, 42, false, noRenderer, () => {}), { wrapper });
    await result.current(printButton);
    expect(open).toHaveBeenCalledWith('/printLayout?itemId=42&printLayoutId=1', '_blank', 'noopener');
    expect(printLayoutUrl(7, 3)).toBe('/printLayout?itemId=7&printLayoutId=3');
  });

  it('asks to save a new item first, without opening anything', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { result } = renderHook(() => useButtonActions(1, null, true, noRenderer, () => {}), { wrapper });
    await result.current(printButton);
    expect(open).not.toHaveBeenCalled();
    expect(await screen.findByText('Salve o item antes de imprimi-lo.')).toBeTruthy();
  });
});
