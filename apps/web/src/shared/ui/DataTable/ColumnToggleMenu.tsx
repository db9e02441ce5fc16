import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from './dataTableTypes.ts';

/**
 * Column toggles (spec §2.9): a menu of the columns, each checked when shown. The last shown column cannot be
 * hidden (a table without columns has nothing to offer).
 */
export function ColumnToggleMenu({
  columns,
  hidden,
  onToggle,
}: {
  columns: readonly DataTableColumn[];
  hidden: readonly string[];
  onToggle: (name: string) => void;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shownCount = columns.filter((column) => !hidden.includes(column.name)).length;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('dataTable.columns')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('dataTable.columnsMenu'), dense: true } }}
      >
        {columns.map((column) => {
          const shown = !hidden.includes(column.name);
          return (
            <MenuItem
              key={column.name}
              role="menuitemcheckbox"
              aria-checked={shown}
              disabled={shown && shownCount === 1}
              onClick={() => onToggle(column.name)}
            >
              <ListItemIcon>
                {shown ? (
                  <CheckBoxIcon fontSize="small" color="primary" />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{column.header}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
