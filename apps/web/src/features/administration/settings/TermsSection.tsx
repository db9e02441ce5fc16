import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileUploadButton } from '../../../shared/ui/FileUploadButton.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { usePublishTerms, useTermsVersions } from './settingsQueries.ts';

/** The terms of use: publish a PDF as a new version; the versions with their acceptances. */

export function TermsSection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const query = useTermsVersions();
  const publish = usePublishTerms({
    onSuccess: (version) => notify.success(t('admin.settings.termsPublished', { version: version.version })),
    onError: notify.error,
  });
  return (
    <>
      <FileUploadButton
        variant="outlined"
        disabled={publish.isPending}
        sx={{ mb: 2 }}
        accept="application/pdf"
        onFile={(file) => publish.mutate(file)}
      >
        {t('admin.settings.publishTerms')}
      </FileUploadButton>
      <Table size="small" aria-label={t('admin.settings.termsVersions')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.settings.termsVersion')}</TableCell>
            <TableCell>{t('admin.settings.termsFile')}</TableCell>
            <TableCell>{t('admin.settings.termsPublishedAt')}</TableCell>
            <TableCell>{t('admin.settings.termsAcceptances')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(query.data ?? []).length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>{t('admin.table.empty')}</TableCell>
            </TableRow>
          ) : (
            (query.data ?? []).map((version) => (
              <TableRow key={version.version} selected={version.current}>
                <TableCell>
                  {version.version}
                  {version.current ? ` (${t('admin.settings.termsCurrent')})` : ''}
                </TableCell>
                <TableCell>{version.fileName}</TableCell>
                <TableCell>{new Date(version.publishedAt).toLocaleString(i18n.language)}</TableCell>
                <TableCell>{version.acceptances}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}
