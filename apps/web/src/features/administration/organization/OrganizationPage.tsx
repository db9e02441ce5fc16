import type { OrganizationalUnit } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { visuallyHidden } from '../../../shared/ui/DataTable/visuallyHidden.ts';
import { AdminPage } from '../shared/AdminPage.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { OrganizationUnitDialog, type UnitDraft } from './OrganizationUnitDialog.tsx';
import {
  useOrganizationalUnits,
  useReloadOrganizationalUnits,
  useRemoveOrganizationalUnit,
} from './organizationQueries.ts';
import { treeOrder } from './organizationTree.ts';

/**
 * The organisational structure (/administration/organization): the units as an indented tree table, with
 * create (at the root or under a unit), change and delete. The server refuses cycles, sibling duplicates and
 * deleting a unit with children or held by items; its messages are shown as they come.
 */
export function OrganizationPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [draft, setDraft] = useState<UnitDraft | null>(null);
  const [removing, setRemoving] = useState<OrganizationalUnit | null>(null);
  const query = useOrganizationalUnits();
  const units = query.data ?? [];
  const rows = useMemo(() => treeOrder(query.data ?? []), [query.data]);
  const reload = useReloadOrganizationalUnits();
  const remove = useRemoveOrganizationalUnit({ onSuccess: notify.success, onError: notify.error });
  const title = t('admin.organization.title');

  return (
    <AdminPage
      title={title}
      busy={query.isFetching || remove.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDraft({ parentId: null })}>
          {t('admin.organization.new')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.organization.intro')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={title} data-testid="organization-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.organization.name')}</TableCell>
              <TableCell>{t('admin.organization.acronym')}</TableCell>
              <TableCell>{t('admin.organization.status')}</TableCell>
              <TableCell align="right">{t('admin.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !query.isPending ? (
              <TableRow>
                <TableCell colSpan={4}>{t('admin.organization.empty')}</TableCell>
              </TableRow>
            ) : (
              rows.map(({ node: unit, depth }) => (
                <TableRow key={unit.id} hover data-depth={depth}>
                  <TableCell sx={{ pl: 2 + depth * 3 }}>
                    <Box component="span" sx={visuallyHidden}>
                      {t('admin.organization.level', { level: depth + 1 })}:{' '}
                    </Box>
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ fontWeight: depth === 0 ? 600 : undefined }}
                      color={unit.active ? undefined : 'text.disabled'}
                    >
                      {unit.name}
                    </Typography>
                  </TableCell>
                  <TableCell>{unit.acronym}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={unit.active ? 'success' : 'default'}
                      label={unit.active ? t('admin.organization.active') : t('admin.organization.inactive')}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('admin.organization.edit', { name: unit.name })}>
                      <IconButton
                        size="small"
                        aria-label={t('admin.organization.edit', { name: unit.name })}
                        onClick={() => setDraft({ unit })}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('admin.organization.newChild', { name: unit.name })}>
                      <IconButton
                        size="small"
                        aria-label={t('admin.organization.newChild', { name: unit.name })}
                        onClick={() => setDraft({ parentId: unit.id })}
                      >
                        <SubdirectoryArrowRightIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('admin.organization.remove', { name: unit.name })}>
                      <IconButton
                        size="small"
                        aria-label={t('admin.organization.remove', { name: unit.name })}
                        onClick={() => setRemoving(unit)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.organization.removeTitle')}
        text={t('admin.organization.confirmRemove', { name: removing?.name ?? '' })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
      />
      {draft && (
        <OrganizationUnitDialog
          draft={draft}
          units={units}
          onClose={() => setDraft(null)}
          onSaved={(message) => {
            setDraft(null);
            notify.success(message);
            void reload();
          }}
        />
      )}
    </AdminPage>
  );
}
