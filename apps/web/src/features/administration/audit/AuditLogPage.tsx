import type { AuditFiltersInput, AuditRowView } from '@der/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../shared/AdminPage.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { auditActionName } from './auditActionName.ts';
import { useAuditLog, useExportAuditCsv, useVerifyAuditChain } from './auditQueries.ts';

function toInstant(local: string): string | undefined {
  return local ? new Date(local).toISOString() : undefined;
}

function DetailsDialog({ row, onClose }: { row: AuditRowView; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { before, after, ...rest } = row.details as { before?: unknown; after?: unknown };
  const block = (label: string, value: unknown) => (
    <Box sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle2">
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', bgcolor: 'action.hover', p: 1, m: 0 }}
      >
        {value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {t('admin.audit.detailsTitle', { id: row.id, action: auditActionName(t, row.action) })}
      </DialogTitle>
      <DialogContent dividers>
        {block(t('admin.audit.before'), before)}
        {block(t('admin.audit.after'), after)}
        {Object.keys(rest).length > 0 && block(t('admin.audit.details'), rest)}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The audit trail (/administration/log): filters, keyset "load more", details, CSV export, chain check. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [draft, setDraft] = useState({ actor: '', actionPrefix: '', from: '', to: '' });
  const [filters, setFilters] = useState<AuditFiltersInput>({});
  const [details, setDetails] = useState<AuditRowView | null>(null);
  const query = useAuditLog(filters);
  const verify = useVerifyAuditChain({ onError: notify.error });
  const exportCsv = useExportAuditCsv(filters, { onError: notify.error });
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const title = t('admin.audit.title');
  return (
    <AdminPage
      title={title}
      busy={query.isFetching || exportCsv.isPending || verify.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      actions={
        <>
          <Button variant="outlined" onClick={() => exportCsv.mutate()}>
            {t('admin.audit.export')}
          </Button>
          <Button variant="outlined" onClick={() => verify.mutate()}>
            {t('admin.audit.verify')}
          </Button>
        </>
      }
    >
      {verify.data && (
        <Alert
          severity={verify.data.ok ? 'success' : 'error'}
          sx={{ mb: 2 }}
          data-testid="audit-verify-result"
        >
          {verify.data.ok
            ? t('admin.audit.verifyOk', { count: verify.data.checked })
            : t('admin.audit.verifyTampered', { id: verify.data.firstTamperedId ?? '?' })}
        </Alert>
      )}
      <Box
        component="form"
        role="search"
        aria-label={t('admin.audit.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({
            actor: draft.actor || undefined,
            actionPrefix: draft.actionPrefix || undefined,
            from: toInstant(draft.from),
            to: toInstant(draft.to),
          });
        }}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField
          size="small"
          label={t('admin.audit.actor')}
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        />
        <TextField
          size="small"
          label={t('admin.audit.action')}
          value={draft.actionPrefix}
          onChange={(e) => setDraft({ ...draft, actionPrefix: e.target.value })}
        />
        {(['from', 'to'] as const).map((key) => (
          <TextField
            key={key}
            size="small"
            type="datetime-local"
            label={t(`admin.audit.${key}`)}
            value={draft[key]}
            onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
        <Button type="submit" variant="contained">
          {t('admin.audit.apply')}
        </Button>
      </Box>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.audit.at')}</TableCell>
              <TableCell>{t('admin.audit.actor')}</TableCell>
              <TableCell>{t('admin.audit.action')}</TableCell>
              <TableCell>{t('admin.audit.target')}</TableCell>
              <TableCell>{t('admin.audit.ip')}</TableCell>
              <TableCell>
                <Box
                  component="span"
                  sx={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                  }}
                >
                  {t('admin.audit.details')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !query.isPending ? (
              <TableRow>
                <TableCell colSpan={6} align="center">
                  {t('admin.table.empty')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell>{new Date(row.at).toLocaleString(i18n.language)}</TableCell>
                  <TableCell>
                    {row.actorName ? `${row.actorName} (${row.actorLogin})` : row.actorLogin}
                  </TableCell>
                  <TableCell title={row.action}>{auditActionName(t, row.action)}</TableCell>
                  <TableCell>{row.target}</TableCell>
                  <TableCell>{row.ip}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setDetails(row)}
                      aria-label={t('admin.audit.detailsOf', { id: row.id })}
                    >
                      {t('admin.audit.details')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {query.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('admin.audit.loadMore')}
        </Button>
      )}
      {details && <DetailsDialog row={details} onClose={() => setDetails(null)} />}
    </AdminPage>
  );
}
