import type { ListRow } from '@der/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTableCellContent } from '../../../shared/ui/DataTable/DataTableCellContent.tsx';
import { buildColumn } from '../../../shared/ui/DataTable/testing/dataTableFixtures.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { toDataTableRow } from './toDataTableRow.ts';

describe('the DueDate column of a list', () => {
  const listRow = (overrides: Partial<ListRow>): ListRow => ({
    ID: 1,
    FormattedID: 'T-1',
    Title: 'Tarefa',
    Parent: null,
    ProjectID: null,
    ProjectName: null,
    ProjectManager: null,
    CreationDate: '2026-03-01T12:00:00.000Z',
    LastModify: '2026-03-01T12:00:00.000Z',
    CreatorName: null,
    ModifierName: null,
    ResponsibleName: null,
    ResponsibleID: null,
    Status: 'fila',
    StatusName: 'Na fila',
    StatusColor: null,
    Version: 1,
    Reason: null,
    Position: 0,
    HasAttachment: false,
    HasDigitalContent: false,
    values: {},
    display: {},
    ...overrides,
  });
  const column = buildColumn({ name: 'DueDate', type: 'DATE_TIME', system: true });
  const context = { language: 'pt-BR' as const, t: (key: string) => key };

  it('draws the row’s deadline as a chip (a past one overdue) and nothing for a row without one', async () => {
    const late = toDataTableRow(
      listRow({ DueDate: '2020-01-02T18:00:00.000Z', DueSoonDate: null }),
      [column],
      {},
    );
    const none = toDataTableRow(listRow({ ID: 2, DueDate: null }), [column], {});
    renderApp({
      children: (
        <>
          <div data-testid="late">
            <DataTableCellContent column={column} row={late} context={context} />
          </div>
          <div data-testid="none">
            <DataTableCellContent column={column} row={none} context={context} />
          </div>
        </>
      ),
    });
    expect(await screen.findByText('Atrasado · 02/01/2020 15:00')).toBeTruthy();
    expect(screen.getByTestId('none').textContent).toBe('');
    expect(late.values.DueDate).toBe('2020-01-02T18:00:00.000Z');
  });

  it('shows a deadline far ahead as on time, and due soon once its warning time passed', async () => {
    const ahead = toDataTableRow(
      listRow({ DueDate: '2099-01-02T18:00:00.000Z', DueSoonDate: '2099-01-01T18:00:00.000Z' }),
      [column],
      {},
    );
    const soon = toDataTableRow(
      listRow({ ID: 3, DueDate: '2099-01-02T18:00:00.000Z', DueSoonDate: '2020-01-01T18:00:00.000Z' }),
      [column],
      {},
    );
    renderApp({
      children: (
        <>
          <DataTableCellContent column={column} row={ahead} context={context} />
          <DataTableCellContent column={column} row={soon} context={context} />
        </>
      ),
    });
    expect(await screen.findByText('No prazo · 02/01/2099 15:00')).toBeTruthy();
    expect(screen.getByText('Vence em breve · 02/01/2099 15:00')).toBeTruthy();
  });
});
