import type { FieldDefinitionInput } from '@der/contracts';
import { field, option, text } from '../shared/builders.ts';

/** The priority picklist shared by projects and tasks. */
export const PRIORIDADE_FIELD = field('prioridade', 'PICKLIST', text('Prioridade', 'Priority'), {
  required: true,
  indexed: true,
  filterAsList: true,
  editInGrid: true,
  options: [
    option('baixa', 'Baixa', 'Low', '#78909C'),
    option('media', 'Média', 'Medium', '#FFB300'),
    option('alta', 'Alta', 'High', '#E53935'),
  ],
  defaultValue: 'media',
}) satisfies FieldDefinitionInput;
