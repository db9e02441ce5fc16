import { FormComponentSchema } from '@der/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';

describe('the activityResource component', () => {
  it("lists the project's resources with the hours entered on the item and their cost in reais", async () => {
    const loadActivityResources = vi.fn().mockResolvedValue({
      itemId: 7,
      resources: [
        { resourceId: 2, kind: 'asset', name: 'Caminhão-guincho 01', costPerHour: 180, minutes: 0, cost: 0 },
        { resourceId: 1, kind: 'user', name: 'Ana Analista', costPerHour: 95, minutes: 270, cost: 427.5 },
      ],
      totalMinutes: 270,
      totalCost: 427.5,
    });
    renderApp({
      children: (
        <FormRenderer
          formId="activity-form"
          layout={z.array(FormComponentSchema).parse([{ type: 'activityResource' }])}
          fields={[]}
          values={{}}
          itemId={7}
          services={{ loadActivityResources }}
          onSubmit={vi.fn()}
        />
      ),
    });
    const region = await screen.findByRole('region', { name: 'Recursos da atividade' });
    const rows = await within(region).findAllByRole('row');
    expect(rows.map((row) => row.textContent?.replace(/\s/g, ' '))).toEqual([
      'RecursoTipoCusto/horaHorasCusto',
      'Caminhão-guincho 01EquipamentoR$ 180,000:00R$ 0,00',
      'Ana AnalistaPessoaR$ 95,004:30R$ 427,50',
      'Total4:30R$ 427,50',
    ]);
  });
});
