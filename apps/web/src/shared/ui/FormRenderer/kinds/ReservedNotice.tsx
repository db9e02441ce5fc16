import type { FormComponent } from '@der/contracts';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Kinds whose behaviour belongs to later issues; each names the capability that replaces its notice. */
export type ReservedKind = Extract<FormComponent['type'], 'svnFiles'>;

/** A clear "available when … is implemented" notice in place of a kind a later issue builds. */
export function ReservedNotice({ kind }: { kind: ReservedKind }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" role="note" aria-label={t(`form.kinds.${kind}`)}>
      {t('form.reserved', { capability: t(`form.reservedCapability.${kind}`) })}
    </Alert>
  );
}
