import { assertNever, type FieldType } from '@der/contracts';
import { Avatar, Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type CellChoice, resolveChoices } from '../../format/choiceValues.ts';
import { formatCellText } from '../../format/formatCellText.ts';
import type { FormatContext } from '../../format/formatContext.ts';
import { DueChip } from '../DueChip.tsx';
import type { DataTableColumn, DataTableRow } from './dataTableTypes.ts';
import { readableTextColor } from './readableTextColor.ts';

/** How a cell of a type is drawn: coloured chips, users with avatars, right-aligned numbers or plain text. */
export type CellPresentation = 'chips' | 'users' | 'number' | 'text';

export function cellPresentationOf(type: FieldType): CellPresentation {
  switch (type) {
    case 'PICKLIST':
    case 'ITEM_TYPE_STATUS':
      return 'chips';
    case 'USERS':
    case 'USERS_OR_GROUPS':
      return 'users';
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY':
    case 'PERCENTILE':
    case 'DURATION':
      return 'number';
    case 'STRING':
    case 'RICH_TEXT':
    case 'BOOLEAN':
    case 'DATE_TIME':
    case 'GROUPS':
    case 'COMPANY':
    case 'PROJECT':
    case 'CALENDAR':
    case 'ORGANIZATIONAL_STRUCTURE':
    case 'RESOURCES':
    case 'GENERIC_ITEM_TYPE':
    case 'BINARY':
    case 'SVN_FILES':
    case 'CVS_FILES':
    case 'TABLE':
      return 'text';
    default:
      return assertNever(type);
  }
}

export function useFormatContext(): FormatContext {
  const { t, i18n } = useTranslation();
  return { language: i18n.language === 'en' ? 'en' : 'pt-BR', t: (key) => t(key) };
}

function ColorChip({ choice }: { choice: CellChoice }) {
  const color = choice.color && /^#[0-9a-f]{6}$/i.test(choice.color) ? choice.color : null;
  return (
    <Chip
      size="small"
      label={choice.text}
      sx={
        color ? { bgcolor: color, color: readableTextColor(color), maxWidth: '100%' } : { maxWidth: '100%' }
      }
    />
  );
}

function UserName({ choice }: { choice: CellChoice }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Avatar src={choice.avatar || undefined} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
        {choice.text.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {choice.text}
      </Box>
    </Box>
  );
}

/** The content of one data cell, drawn by the column's field type (spec §2.9 / §9). */
export function DataTableCellContent({
  column,
  row,
  context,
}: {
  column: DataTableColumn;
  row: DataTableRow;
  context: FormatContext;
}) {
  const value = row.values[column.name];
  const display = row.display[column.name];
  // The deadline system column shows its state with the date (engine/deadlines).
  if (column.system && column.name === 'DueDate')
    return <DueChip dueAt={typeof value === 'string' ? value : null} dueSoonAt={row.dueSoonAt} />;
  const presentation = cellPresentationOf(column.type);
  switch (presentation) {
    case 'chips': {
      const choices = resolveChoices(value, display, column.items).map((choice) =>
        // The row's StatusColor (spec §3 row fields) colours a status the column's items do not.
        column.type === 'ITEM_TYPE_STATUS' && !choice.color ? { ...choice, color: row.statusColor } : choice,
      );
      return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {choices.map((choice) => (
            <ColorChip key={String(choice.id)} choice={choice} />
          ))}
        </Box>
      );
    }
    case 'users':
      return (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {resolveChoices(value, display, column.items).map((choice) => (
            <UserName key={String(choice.id)} choice={choice} />
          ))}
        </Box>
      );
    case 'number':
    case 'text':
      return <>{formatCellText(column, value, display, context)}</>;
    default:
      return assertNever(presentation);
  }
}
