import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { testComponents, testDefinition } from '../../../test/fixtures/test-definition.ts';
import { applicationDefinitions } from './definitions.table.ts';

const BASE = 780;
const label = (text: string) => ({ 'pt-BR': text, en: text });

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('definition import: markup of html form components', () => {
  it('stores the content of every html component sanitised, at any depth of the layout', async () => {
    const [project, request] = testComponents(BASE);
    await app.services.definitions.importDefinition(
      testDefinition(BASE, {
        components: [
          project!,
          {
            ...request!,
            forms: [
              {
                id: 7801,
                name: label('Pedido'),
                layout: [
                  { type: 'html', content: '<h2>Instruções</h2><img src=x onerror=alert(1)>' },
                  {
                    type: 'tabControl',
                    tabs: [
                      {
                        title: label('Dados'),
                        children: [
                          { type: 'textbox', field: 'nome' },
                          {
                            type: 'html',
                            content:
                              '<p>Veja o <a href="https://der.df.gov.br/manual">manual</a></p>' +
                              '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>' +
                              '<a href="javascript:alert(1)">x</a>',
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
      { userId: null },
    );
    const [stored] = await app.database.db
      .select({ document: applicationDefinitions.document })
      .from(applicationDefinitions)
      .where(eq(applicationDefinitions.key, `teste-${BASE}`));
    const layout = (stored!.document as { components: Array<{ forms: Array<{ layout: unknown[] }> }> })
      .components[1]!.forms[0]!.layout as Array<Record<string, unknown>>;
    expect(layout[0]!.content).toBe('<h2>Instruções</h2>');
    const tab = (layout[1]!.tabs as Array<{ children: Array<Record<string, unknown>> }>)[0]!;
    expect(tab.children[0]).toMatchObject({ type: 'textbox', field: 'nome' });
    expect(tab.children[1]!.content).toBe(
      '<p>Veja o <a href="https://der.df.gov.br/manual" rel="noopener noreferrer" target="_blank">manual</a></p>' +
        '<a rel="noopener noreferrer" target="_blank">x</a>',
    );
  });
});
