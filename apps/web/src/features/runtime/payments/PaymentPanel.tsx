import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { formatCurrency } from '../../../shared/format/formatNumber.ts';
import { PaymentChargeDetails } from './PaymentChargeDetails.tsx';
import { type PayableItemKey, usePaymentState } from './usePaymentState.ts';

/** The ways to pay, PIX first (it confirms in seconds). */
const CHARGE_BUTTONS = [
  { method: 'pix', variant: 'contained', label: 'payments.panel.payPix' },
  { method: 'boleto', variant: 'outlined', label: 'payments.panel.payBoleto' },
] as const;

/**
 * 'Pagamento da taxa' on the form of an item awaiting its fee (an AET request in 'Aguardando pagamento'): the
 * amount, a charge by PIX or slip, and a refresh once paid. Nothing for an item not awaiting payment or not
 * payable. Without a payment provider the department's analyst confirms payments by hand: a notice says so.
 */
export function PaymentPanel({
  item,
  onRefreshItem,
}: {
  item: PayableItemKey;
  /** Reloads the item: a confirmed payment moves it on, and the panel goes away with the new version. */
  onRefreshItem: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const payment = usePaymentState(item);
  const { state, charge } = payment;
  if (!state?.awaitingPayment) return null;

  async function handleRefresh() {
    await Promise.all([payment.refetch(), onRefreshItem()]);
  }

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} component="h2" variant="h6">
          {t('payments.panel.title')}
        </Typography>
        {state.amount !== null && (
          <Typography>{t('payments.panel.amount', { amount: formatCurrency(state.amount) })}</Typography>
        )}
        {state.providerConfigured ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {CHARGE_BUTTONS.map(({ method, variant, label }) => (
              <Button
                key={method}
                variant={variant}
                disabled={payment.charging}
                onClick={() => payment.createCharge(method)}
              >
                {t(label)}
              </Button>
            ))}
          </Stack>
        ) : (
          <Alert severity="info">{t('payments.panel.manualConfirmation')}</Alert>
        )}
        {payment.chargeError && (
          <Alert severity="error" role="alert">
            {getErrorMessage(payment.chargeError)}
          </Alert>
        )}
        {state.providerConfigured && charge && <PaymentChargeDetails charge={charge} />}
        <Button onClick={handleRefresh} sx={{ alignSelf: 'flex-start' }}>
          {t('payments.panel.refresh')}
        </Button>
      </Stack>
    </Paper>
  );
}
