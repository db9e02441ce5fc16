import { Divider } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../shared/AdminPage.tsx';

import { DepartmentCertificateSection } from './DepartmentCertificateSection.tsx';
import { PlatformForm } from './PlatformForm.tsx';
import { SecurityForm } from './SecurityForm.tsx';
import { Section } from './SettingsSection.tsx';
import { TermsSection } from './TermsSection.tsx';

/** The platform settings editor: look and behaviour (spec §1), security settings and terms of use. */
export function PlatformSettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.settings.title')}>
      <PlatformForm />
      <Divider sx={{ my: 3 }} />
      <Section title={t('admin.settings.security')}>
        <SecurityForm />
      </Section>
      <Divider sx={{ my: 3 }} />
      <Section title={t('admin.settings.terms')}>
        <TermsSection />
      </Section>
      <Divider sx={{ my: 3 }} />
      <Section title={t('signatures.departmentTitle')}>
        <DepartmentCertificateSection />
      </Section>
    </AdminPage>
  );
}
