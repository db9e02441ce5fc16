import {
  adminCompanyRoutes,
  type Company,
  type CompanyRow,
  formatCnpj,
  type PublicAdditionalField,
  type SaveCompanyBody,
  SaveCompanyBodySchema,
} from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
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
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import type { z } from 'zod';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import {
  AdditionalFieldsSection,
  fromAdditionalFieldValues,
  useAdditionalFields,
} from '../../accounts/AdditionalFieldsSection.tsx';
import { applyServerFieldErrors } from '../../accounts/applyServerFieldErrors.ts';
import { translateFieldError } from '../../auth/translateFieldError.ts';
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

type CompanyForm = z.input<typeof SaveCompanyBodySchema>;
type CompanyOutput = z.output<typeof SaveCompanyBodySchema>;

/** The fields a server 400 may name, besides the additional ones. */
const COMPANY_FIELDS = ['cnpj', 'name', 'tradeName'] as const;

function toCompanyForm(
  companyId: number,
  company: Company | undefined,
  definitions: readonly PublicAdditionalField[],
): CompanyForm {
  if (!company) return { id: companyId, cnpj: '', name: '', tradeName: '', version: 0, additionalFields: {} };
  return {
    id: company.id,
    cnpj: formatCnpj(company.cnpj),
    name: company.name,
    tradeName: company.tradeName,
    version: company.version,
    additionalFields: fromAdditionalFieldValues(definitions, company.additionalFields),
  };
}

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
  const additional = useAdditionalFields('company');
  const { definitions, settled } = additional;
  const form = useForm<CompanyForm, unknown, CompanyOutput>({
    resolver: additional.withChecks(zodResolver(SaveCompanyBodySchema)),
    mode: 'onTouched',
    defaultValues: toCompanyForm(companyId, undefined, []),
  });
  const { control, reset, setError, handleSubmit } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const loading = !settled || (companyId > 0 && query.isPending);

  // The stored additional values are converted for their inputs, so the definitions come first.
  useEffect(() => {
    if (settled && (companyId === 0 || query.data)) reset(toCompanyForm(companyId, query.data, definitions));
  }, [companyId, query.data, settled, definitions, reset]);

  const save = useMutation({
    mutationFn: (body: SaveCompanyBody) =>
      apiCall(adminCompanyRoutes.saveCompany, {
        body: { ...body, additionalFields: additional.values(body.additionalFields) },
      }),
    onSuccess: (result) => onSaved(result.message),
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 409) {
        setFormError(getErrorMessage(error));
        return;
      }
      const applied = applyServerFieldErrors(
        error,
        (name, fieldError, options) => setError(name as never, fieldError, options),
        [...COMPANY_FIELDS, ...additional.paths],
      );
      if (applied === 0) notify.error(error);
    },
  });

  const textField = (name: (typeof COMPANY_FIELDS)[number], label: string, required: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          label={label}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message)}
          {...(name === 'cnpj' ? { slotProps: { input: { inputComponent: CnpjInput as never } } } : {})}
        />
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {companyId ? t('admin.companies.editTitle') : t('admin.companies.newTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        {query.error ? (
          <Alert severity="error">{getErrorMessage(query.error)}</Alert>
        ) : loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : (
          <Box
            component="form"
            id={`${titleId}-form`}
            noValidate
            onSubmit={handleSubmit((values) => save.mutate(values))}
            sx={{ display: 'grid', gap: 2, pt: 1 }}
          >
            {textField('cnpj', t('admin.companies.cnpj'), true)}
            {textField('name', t('admin.companies.name'), true)}
            {textField('tradeName', t('admin.companies.tradeName'), false)}
            <Grid container spacing={2} sx={{ '&:empty': { display: 'none' } }}>
              <AdditionalFieldsSection control={control} entity="company" />
            </Grid>
          </Box>
        )}
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
        <Button
          type="submit"
          form={`${titleId}-form`}
          variant="contained"
          disabled={loading || save.isPending}
        >
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
