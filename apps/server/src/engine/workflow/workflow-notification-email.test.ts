import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../infra/mail/templates/render-email.ts';

describe('the workflow notification e-mail', () => {
  it("renders the notify effect's filled subject and text, escaping the item's values in the HTML part", () => {
    const email = renderEmail('workflowNotification', 'pt-BR', {
      name: 'Ana',
      subject: 'Corrija AET-2026-000001',
      message: 'Motivo: <b>placa</b> & peso',
    });
    expect(email.subject).toBe('Corrija AET-2026-000001');
    expect(email.text).toContain('Olá, Ana.');
    expect(email.text).toContain('Motivo: <b>placa</b> & peso');
    expect(email.html).toContain('Motivo: &lt;b&gt;placa&lt;/b&gt; &amp; peso');
    expect(email.html).not.toContain('<b>placa</b>');
    expect(
      renderEmail('workflowNotification', 'en', { name: 'Ann', subject: 'S', message: 'M' }).text,
    ).toContain('Hello, Ann.');
  });
});
