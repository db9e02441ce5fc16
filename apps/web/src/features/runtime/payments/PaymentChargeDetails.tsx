import type { PaymentCharge } from '@der/contracts';
import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from './CopyableCode.tsx';

/** What the payer needs to pay a charge: the PIX QR and its copy-paste code, or the slip's linha digitável. */
export function PaymentChargeDetails({ charge }: { charge: PaymentCharge }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {charge.pixQrDataUrl && (
        <Box
          component="img"
          src={charge.pixQrDataUrl}
          alt={t('payments.panel.qrAlt')}
          sx={{ width: 224, height: 224, alignSelf: 'flex-start', bgcolor: 'common.white', p: 1 }}
        />
      )}
      {charge.pixPayload && (
        <CopyableCode
          label={t('payments.panel.pixCode')}
          copyLabel={t('payments.panel.copyPix')}
          value={charge.pixPayload}
        />
      )}
      {charge.boletoLine && (
        <CopyableCode
          label={t('payments.panel.boletoLine')}
          copyLabel={t('payments.panel.copyBoleto')}
          value={charge.boletoLine}
        />
      )}
    </Stack>
  );
}
