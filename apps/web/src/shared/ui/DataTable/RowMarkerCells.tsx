import AttachFileIcon from '@mui/icons-material/AttachFile';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Box, TableCell, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_COLUMN_WIDTH, DIGITAL_CONTENT_COLUMN_WIDTH } from '../../format/columnWidths.ts';
import type { DataTableRow } from './dataTableTypes.ts';
import { visuallyHidden } from './visuallyHidden.ts';

/** The row fields of spec §3 shown as marker columns (attachment 90 px, digital content 120 px). */
export const ROW_MARKER_COLUMNS = ['HasAttachment', 'HasDigitalContent'] as const;
export type RowMarkerColumn = (typeof ROW_MARKER_COLUMNS)[number];

export function isRowMarkerColumn(id: string): id is RowMarkerColumn {
  return (ROW_MARKER_COLUMNS as readonly string[]).includes(id);
}

/** Whether the row carries the marker (an attachment, digital content). */
export function rowHasMarker(row: DataTableRow, marker: RowMarkerColumn): boolean {
  return marker === 'HasAttachment' ? row.hasAttachment : row.hasDigitalContent;
}

/** The header of a marker column: only an icon, named for screen readers. */
export function RowMarkerHeaderCell({ marker }: { marker: RowMarkerColumn }) {
  const { t } = useTranslation();
  const isAttachment = marker === 'HasAttachment';
  const name = t(isAttachment ? 'dataTable.attachment' : 'dataTable.digitalContent');
  return (
    <TableCell
      align="center"
      style={{ width: isAttachment ? ATTACHMENT_COLUMN_WIDTH : DIGITAL_CONTENT_COLUMN_WIDTH }}
    >
      <Tooltip title={name}>
        <Box component="span" sx={{ display: 'inline-flex' }}>
          {isAttachment ? <AttachFileIcon fontSize="small" /> : <VerifiedIcon fontSize="small" />}
          <Box component="span" sx={visuallyHidden}>
            {name}
          </Box>
        </Box>
      </Tooltip>
    </TableCell>
  );
}

/** A row's marker: the icon when the row has an attachment / digital content, nothing otherwise. */
export function RowMarkerCell({ marker, row }: { marker: RowMarkerColumn; row: DataTableRow }) {
  const { t } = useTranslation();
  const isAttachment = marker === 'HasAttachment';
  const marked = rowHasMarker(row, marker);
  const label = t(isAttachment ? 'dataTable.hasAttachment' : 'dataTable.hasDigitalContent');
  return (
    <TableCell align="center">
      {marked &&
        (isAttachment ? (
          <AttachFileIcon fontSize="small" titleAccess={label} />
        ) : (
          <VerifiedIcon fontSize="small" color="success" titleAccess={label} />
        ))}
    </TableCell>
  );
}
