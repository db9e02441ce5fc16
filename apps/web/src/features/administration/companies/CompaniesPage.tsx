import { type CompanyRow, formatCnpj } from '@der/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import type { AdminColumn } from '../shared/AdminTable.tsx';
import { CompanyDialog } from './CompanyDialog.tsx';
import { ADMIN_COMPANIES } from './companyQueries.ts';

/** Companies (/administration/companies): list, create, change, delete; the users of each company. */
export function CompaniesPage() {
  const { t } = useTranslation();
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
  return (
    <AdminListPage
      source={ADMIN_COMPANIES}
      title={t('admin.companies.title')}
      testId="companies-table"
      columns={columns}
      texts="admin.companies"
      editor={CompanyDialog}
    />
  );
}
