import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2.10 / §8: losing the connection shows an error notice, getting it back a success notice. */
export function useConnectivityNotices(): void {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    const handleOffline = () => enqueueSnackbar(t('userOffline'), { variant: 'error' });
    const handleOnline = () => enqueueSnackbar(t('userOnline'), { variant: 'success' });
    window.addEventListener('offline', handleOffline);
    window.addEventListener('online', handleOnline);
    return () => {
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
    };
  }, [enqueueSnackbar, t]);
}
