import type { ReportDefinitionInput } from '@der/contracts';
import { text } from './builders.ts';

/** The parameters the requests' summary reports ask first: the period they were created in and their status. */
export const REQUEST_PERIOD_AND_STATUS: NonNullable<ReportDefinitionInput['parameters']> = [
  {
    key: 'periodo',
    label: text('Criadas no período', 'Created in'),
    type: 'dateRange',
    field: 'CreationDate',
  },
  { key: 'situacao', label: text('Situação', 'Status'), type: 'picklist', field: 'StatusName' },
];
