import type { ColumnDefinition, KanbanBoard, ListRow } from '@der/contracts';
import { vi } from 'vitest';
import { type FakeRequest, json } from '../../../auth/testing/fakeApi.ts';
import { EM_ANALISE } from '../../workflow/testing/workflowFixtures.ts';

/** A status board of two lanes ('Em análise' holding one late card, 'Pendente de correção'), for the tests. */
export const NOME: ColumnDefinition = {
  name: 'nome',
  header: 'Nome do transportador',
  type: 'STRING',
  system: false,
  visible: true,
  sortable: true,
  filterable: true,
  items: [],
  filterAsList: false,
  isFileIndex: false,
  interval: null,
  dateTimeFormatType: null,
  dateTimeFormat: null,
  decimals: null,
  editInGrid: false,
  columnWidth: 300,
  givenName: null,
};

export function card(id: number, status = EM_ANALISE): ListRow {
  return {
    ID: id,
    FormattedID: `AET-2026-00000${id}`,
    Title: `Transporte ${id}`,
    Parent: null,
    ProjectID: 1,
    ProjectName: null,
    ProjectManager: null,
    CreationDate: '2026-03-01T12:00:00.000Z',
    LastModify: '2026-03-01T12:00:00.000Z',
    CreatorName: null,
    ModifierName: null,
    ResponsibleName: 'Bruno Analista',
    ResponsibleID: 9,
    Status: status.key,
    StatusName: status.name,
    StatusColor: status.color,
    Version: 3,
    Reason: null,
    Position: 0,
    HasAttachment: false,
    HasDigitalContent: false,
    values: { nome: 'Transportes Silva' },
    display: {},
  };
}

/** Past its status deadline: the card says so as the lists do. */
export const LATE_CARD: ListRow = {
  ...card(5),
  DueDate: '2026-01-05T12:00:00.000Z',
  DueSoonDate: '2026-01-04T12:00:00.000Z',
};

export const BOARD: KanbanBoard = {
  viewId: 7,
  name: 'Quadro de solicitações',
  componentId: 1,
  applicationId: 3,
  formId: 2,
  laneField: 'StatusName',
  byStatus: true,
  swimlanes: 'none',
  cardFields: [NOME],
  colorField: null,
  lanes: [
    {
      value: 'emAnalise',
      name: 'Em análise',
      color: '#1565C0',
      count: 1,
      capped: false,
      allowCreate: false,
      firstPage: { cards: [LATE_CARD], users: {}, nextCursor: null },
    },
    {
      value: 'pendenteCorrecao',
      name: 'Pendente de correção',
      color: '#F9A825',
      count: 0,
      capped: false,
      allowCreate: false,
      firstPage: { cards: [], users: {}, nextCursor: null },
    },
  ],
  queries: [{ id: 4, name: 'Minhas' }],
  countCap: 1000,
};

export function cards(request: FakeRequest) {
  const { lane } = request.body as { lane: string };
  return json({ cards: lane === 'emAnalise' ? [LATE_CARD] : [], users: {}, nextCursor: null });
}

/** jsdom lays nothing out: each lane (and what it holds) gets the box of its column, 320 px apart. */
export function layLanesOut() {
  // The virtualised lanes read their scroll box's size from clientHeight / clientWidth.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const lane = this.closest('[data-testid^="kanban-lane-"]');
    const index = lane?.parentElement ? [...lane.parentElement.children].indexOf(lane) : 0;
    const left = Math.max(0, index) * 320;
    return {
      x: left,
      y: 0,
      left,
      top: 0,
      width: 300,
      height: 400,
      right: left + 300,
      bottom: 400,
      toJSON: () => ({}),
    } as DOMRect;
  });
}
