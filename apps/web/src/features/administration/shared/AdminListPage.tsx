import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { AdminPage } from './AdminPage.tsx';
import { type AdminColumn, AdminTable } from './AdminTable.tsx';
import { type AdminListSource, useAdminList } from './useAdminList.ts';

/** What an editor dialog of a list page is given: the record's id (0: a new one) and how it ends. */
export interface AdminEditorProps {
  id: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * The one shape of the administration lists (users, groups, companies): a 'new' button, the grid sorted by
 * its first column with row selection, edit (one selected row) and remove (asked first, off while a removal
 * runs), a row click or Enter to edit, the success and error notices, and the editor dialog.
 */
export function AdminListPage<Row extends { id: number }>({
  source,
  title,
  section,
  testId,
  columns,
  bodyHeight,
  texts,
  editor: Editor,
}: {
  source: AdminListSource<Row>;
  title: string;
  /** The document title's section, when it is not the heading. */
  section?: string;
  testId: string;
  columns: readonly AdminColumn<Row>[];
  bodyHeight?: string;
  /** The i18n prefix of the 'new' button (`.new`) and of the removal question (`.removeTitle`, `.confirmRemove`). */
  texts: string;
  /** The dialog that creates (id 0) or changes a record. */
  editor: ComponentType<AdminEditorProps>;
}) {
  const { t } = useTranslation();
  const list = useAdminList(source);
  const firstColumn = columns[0]?.id;
  return (
    <AdminPage
      title={title}
      section={section}
      busy={list.busy}
      error={list.loadError}
      onRetry={list.retry}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => list.edit(0)}>
          {t(`${texts}.new`)}
        </Button>
      }
    >
      <AdminTable
        label={title}
        testId={testId}
        rows={list.rows}
        columns={columns}
        getRowId={(row) => row.id}
        initialSort={firstColumn ? { id: firstColumn, direction: 'asc' } : null}
        selectable
        selected={list.selected}
        onSelectedChange={list.setSelected}
        onOpen={(row) => list.edit(row.id)}
        bodyHeight={bodyHeight}
        toolbarActions={
          <>
            <ToolbarAction
              label={t('admin.edit')}
              icon={<EditIcon />}
              disabled={list.selected.length !== 1}
              onClick={() => list.edit(list.selected[0] ?? null)}
            />
            <ToolbarAction
              label={t('admin.remove')}
              icon={<DeleteIcon />}
              disabled={list.selected.length === 0 || list.removing}
              onClick={list.askRemove}
            />
          </>
        }
      />
      <ConfirmDialog
        open={list.confirming}
        title={t(`${texts}.removeTitle`)}
        text={t(`${texts}.confirmRemove`)}
        onCancel={list.cancelRemove}
        onConfirm={list.confirmRemove}
      />
      {list.editing !== null && <Editor id={list.editing} onClose={list.closeEditor} onSaved={list.saved} />}
    </AdminPage>
  );
}

/** An icon button of the grid's toolbar; its tooltip still shows while it is disabled. */
function ToolbarAction({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
