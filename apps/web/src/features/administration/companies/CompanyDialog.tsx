import {
  type Company,
  formatCnpj,
  type PublicAdditionalField,
  type SaveCompanyBody,
  SaveCompanyBodySchema,
} from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Grid } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { AdditionalFieldsSection } from '../../accounts/AdditionalFieldsSection.tsx';
import { fromAdditionalFieldValues } from '../../accounts/additionalFieldValues.ts';
import { CnpjMaskInput, FormTextField } from '../../accounts/RegistrationFields.tsx';
import { useAdditionalFields } from '../../accounts/useAdditionalFields.ts';
import { AdminFormDialog } from '../shared/AdminFormDialog.tsx';
import type { AdminEditorProps } from '../shared/AdminListPage.tsx';
import { useShowSaveRefusal } from '../shared/useShowSaveRefusal.ts';
import { CompanyUsers } from './CompanyUsers.tsx';
import { useCompany, useSaveCompany } from './companyQueries.ts';

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

/** Create (id 0) or change a company: CNPJ, names, additional fields; a company's users are listed under it. */
export function CompanyDialog({ id: companyId, onClose, onSaved }: AdminEditorProps) {
  const { t } = useTranslation();
  const showRefusal = useShowSaveRefusal();
  const query = useCompany(companyId);
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

  const save = useSaveCompany({
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setFormError(getErrorMessage(error));
        return;
      }
      showRefusal(error, setError as never, [...COMPANY_FIELDS, ...additional.paths]);
    },
  });
  const submit = (body: SaveCompanyBody) =>
    save.mutate({ ...body, additionalFields: additional.values(body.additionalFields) });

  return (
    <AdminFormDialog
      title={companyId ? t('admin.companies.editTitle') : t('admin.companies.newTitle')}
      notice={
        formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )
      }
      loadError={query.error}
      loading={loading}
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
      saveDisabled={loading || save.isPending}
      after={companyId > 0 && <CompanyUsers users={query.data?.users ?? []} />}
    >
      <FormTextField
        control={control}
        name="cnpj"
        label={t('admin.companies.cnpj')}
        required
        slotProps={{ input: { inputComponent: CnpjMaskInput as never } }}
      />
      <FormTextField control={control} name="name" label={t('admin.companies.name')} required />
      <FormTextField control={control} name="tradeName" label={t('admin.companies.tradeName')} />
      <Grid container spacing={2} sx={{ '&:empty': { display: 'none' } }}>
        <AdditionalFieldsSection control={control} entity="company" />
      </Grid>
    </AdminFormDialog>
  );
}
