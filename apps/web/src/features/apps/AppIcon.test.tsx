import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppIcon, initialsOf } from './AppIcon.tsx';

describe('AppIcon', () => {
  it('takes the initials of the first two words that are not connectives', () => {
    expect(initialsOf('Faixa de Domínio')).toBe('FD');
    expect(initialsOf('Gestão de Projetos')).toBe('GP');
    expect(initialsOf('AET')).toBe('A');
    expect(initialsOf('  ')).toBe('');
  });

  it("shows an application without a known icon by its initials, not the apps button's grid", () => {
    const { container } = render(<AppIcon iconName="" name="Faixa de Domínio" />);
    const initials = screen.getByTestId('app-initials');
    expect(initials.getAttribute('data-initials')).toBe('FD');
    // A picture, not text: the button's accessible name stays the application's name alone.
    expect(initials.textContent).toBe('');
    expect(container.querySelector('[data-testid="AppsIcon"]')).toBeNull();
  });

  it('keeps a known icon, and the generic one where no name is given (menu items)', () => {
    const named = render(<AppIcon iconName="local_shipping" name="AET" />);
    expect(named.container.querySelector('[data-testid="LocalShippingIcon"]')).not.toBeNull();
    expect(screen.queryByTestId('app-initials')).toBeNull();
    named.unmount();
    const { container } = render(<AppIcon iconName="" />);
    expect(container.querySelector('[data-testid="AppsIcon"]')).not.toBeNull();
  });
});
