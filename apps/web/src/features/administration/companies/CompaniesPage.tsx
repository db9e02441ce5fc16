import { adminCompanyRoutes, type CompanyRow, formatCnpj, isValidCnpj } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { ConfirmDialog } from '../../messages/ConfirmDialog.tsx';
import { AdminPage } from '../shared/AdminPage.tsx';
import { type AdminColumn, AdminTable } from '../shared/AdminTable.tsx';
import { useNotify } from '../shared/useNotify.ts';

const KEY = ['admin', 'companies'] as const;
/** Spec §5 CNPJ mask, alphanumeric-ready (base letters or digits, check digits numeric). */
export const COMPANY_CNPJ_MASK = 'SS.SSS.SSS/SSSS-00';

const CnpjInput = forwardRef<
  HTMLInputElement,
  { name: string; onChange: (event: { target: { name: string; value: string } }) => void }
>(function CnpjInput({ onChange, ...other }, ref) {
  return (
    <IMaskInput
      {...other}
      mask={COMPANY_CNPJ_MASK}
      definitions={{ S: /[0-9A-Za-z]/ }}
      prepareChar={(value: string) => value.toUpperCase()}
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name: other.name, value } })}
      overwrite
    />
  );
});

function CompanyDialog({
  companyId,
  onClose,
  onSaved,
}: {
  companyId: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const query = useQuery({
    queryKey: ['admin', 'company', companyId],
    queryFn: ({ signal }) =>
      apiCall(adminCompanyRoutes.getCompany, { query: { CompanyId: companyId }, signal }),
    enabled: companyId > 0,
    gcTime: 0,
    retry: false,
  });
  const [cnpj, setCnpj] = useState('');
  const [name, setName] = useState('');
  const [tradeName, setTradeName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!query.data) return;
    setCnpj(formatCnpj(query.data.cnpj));
    setName(query.data.name);
    setTradeName(query.data.tradeName);
  }, [query.data]);
  const save = useMutation({
    mutationFn: () =>
      apiCall(adminCompanyRoutes.saveCompany, {
        body: { id: companyId, cnpj, name, tradeName, version: query.data?.version ?? 0 },
      }),
    onSuccess: (result) => onSaved(result.message),
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 409) setErrors({ form: getErrorMessage(error) });
      else notify.error(error);
    },
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!cnpj.trim()) found.cnpj = t('validation.required');
    else if (!isValidCnpj(cnpj)) found.cnpj = t('validation.invalidCnpj');
    if (!name.trim()) found.name = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {companyId ? t('admin.companies.editTitle') : t('admin.companies.newTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        {query.error ? <Alert severity="error">{getErrorMessage(query.error)}</Alert> : null}
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            label={t('admin.companies.cnpj')}
            required
            value={cnpj}
            onChange={(event) => setCnpj(event.target.value)}
            error={Boolean(errors.cnpj)}
            helperText={errors.cnpj}
            slotProps={{ input: { inputComponent: CnpjInput as never } }}
          />
          <TextField
            label={t('admin.companies.name')}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TextField
            label={t('admin.companies.tradeName')}
            value={tradeName}
            onChange={(event) => setTradeName(event.target.value)}
          />
        </Box>
        {companyId > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography component="h3" variant="subtitle1">
              {t('admin.companies.users')}
            </Typography>
            <List dense aria-label={t('admin.companies.users')}>
              {(query.data?.users ?? []).length === 0 ? (
                <ListItem>
                  <ListItemText primary={t('admin.table.empty')} />
                </ListItem>
              ) : (
                query.data?.users.map((user) => (
                  <ListItem key={user.id}>
                    <ListItemText primary={user.name} secondary={`${user.login} · ${user.email}`} />
                  </ListItem>
                ))
              )}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={save.isPending}>
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Companies (/administration/companies): list, create, change, delete; the users of each company. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall(adminCompanyRoutes.getCompanies, { signal }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });
  const remove = useMutation({
    mutationFn: (ids: number[]) => apiCall(adminCompanyRoutes.deleteCompanies, { body: { ids } }),
    onSuccess: (result) => {
      notify.success(result.message);
      setSelected([]);
      void reload();
    },
    onError: notify.error,
  });
  const columns = useMemo<AdminColumn<CompanyRow>[]>(
    () => [
      {
        id: 'name',
        label: t('admin.companies.name'),
        value: (r) => r.name,
        sortable: true,
        filterable: true,
      },
      { id: 'cnpj', label: t('admin.companies.cnpj'), value: (r) => formatCnpj(r.cnpj), filterable: true },
      { id: 'tradeName', label: t('admin.companies.tradeName'), value: (r) => r.tradeName, filterable: true },
      { id: 'users', label: t('admin.companies.userCount'), value: (r) => String(r.userCount) },
    ],
    [t],
  );
  const title = t('admin.companies.title');
  return (
    <AdminPage
      title={title}
      busy={query.isFetching || remove.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(0)}>
          {t('admin.companies.new')}
        </Button>
      }
    >
      <AdminTable
        label={title}
        testId="companies-table"
        rows={query.data ?? []}
        columns={columns}
        getRowId={(r) => r.id}
        initialSort={{ id: 'name', direction: 'asc' }}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        onOpen={(r) => setEditing(r.id)}
        toolbarActions={
          <Tooltip title={t('admin.remove')}>
            <span>
              <IconButton
                aria-label={t('admin.remove')}
                disabled={selected.length === 0}
                onClick={() => setConfirming(true)}
              >
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        }
      />
      <ConfirmDialog
        open={confirming}
        title={t('admin.companies.removeTitle')}
        text={t('admin.companies.confirmRemove')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(selected);
        }}
      />
      {editing !== null && (
        <CompanyDialog
          companyId={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            notify.success(message);
            void reload();
          }}
        />
      )}
    </AdminPage>
  );
}
