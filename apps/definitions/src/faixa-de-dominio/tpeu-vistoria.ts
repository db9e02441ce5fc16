import type { FieldDefinitionInput, FormComponentInput, WorkflowEffectInput } from '@der/contracts';
import { control, field, text } from '../shared/builders.ts';
import { tellPermissionario } from './notificacoes.ts';

/**
 * The site inspection of a TPEU request ('Vistoria', domain.md): the analyst who screens it schedules the visit
 * (a date, with the inspector chosen in the dialog), the permissionário is told when; the inspector records the
 * report with photos before the technical analysis starts. The date is indexed for the calendar of inspections.
 */
export const INSPECTION_DATE_FIELD = 'dataVistoria';
const REPORT = 'relatorioVistoria';
const PHOTOS = 'fotosVistoria';

export const TPEU_INSPECTION_FIELDS = [
  field(INSPECTION_DATE_FIELD, 'DATE_TIME', text('Vistoria agendada para', 'Inspection scheduled for'), {
    departmentOnly: true,
    indexed: true,
  }),
  field(REPORT, 'RICH_TEXT', text('Relatório da vistoria', 'Inspection report'), { departmentOnly: true }),
  field(PHOTOS, 'BINARY', text('Fotos da vistoria', 'Inspection photos'), { departmentOnly: true }),
] satisfies FieldDefinitionInput[];

export const TPEU_INSPECTION_CONTROLS: FormComponentInput[] = [
  control('dateChooser', INSPECTION_DATE_FIELD, 4),
  control('formattedText', REPORT, 12),
  {
    type: 'fileChooser',
    field: PHOTOS,
    accept: ['.jpg', '.jpeg', '.png', '.pdf'],
    maxFiles: 20,
    columnSpan: 12,
  },
];

/** Sending to inspection needs its date. */
export const INSPECTION_SCHEDULED = `$exists(${INSPECTION_DATE_FIELD})`;

/** Finishing the inspection needs its report and at least one photo. */
export const INSPECTION_REPORTED = {
  expression: `$exists(${REPORT}) and ${REPORT} != '' and $count(${PHOTOS}) > 0`,
  message: text(
    'Registre o relatório da vistoria, com ao menos uma foto, antes de concluí-la.',
    'Record the inspection report, with at least one photo, before finishing it.',
  ),
};

/** The permissionário learns when the department will visit the site. */
export const INSPECTION_NOTICE: WorkflowEffectInput = tellPermissionario(
  ['Vistoria agendada: {{FormattedID}}', 'Inspection scheduled: {{FormattedID}}'],
  [
    'A vistoria do local da solicitação {{FormattedID}} está agendada para {{dataVistoria}}.',
    'The site inspection of the request {{FormattedID}} is scheduled for {{dataVistoria}}.',
  ],
);
