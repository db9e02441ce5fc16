import { type PaymentCharge, paymentRoutes } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

export interface PayableItemKey {
  componentId: number;
  itemId: number;
  /** The item's version as loaded: a reloaded item (paid, confirmed by an analyst) asks for its state again. */
  version: number;
}

export const paymentStateQueryKey = ({ componentId, itemId, version }: PayableItemKey) =>
  ['payment-state', componentId, itemId, version] as const;

/**
 * The fee payment of an item: its state (an item of a process without a fee owes nothing; one that is not the
 * user's to see answers 404 and leaves `state` undefined) and the charge by PIX or slip. The charge the server answers is shown
 * at once; the state's own charge is the one of an earlier visit.
 */
export function usePaymentState(key: PayableItemKey) {
  const state = useQuery({
    queryKey: paymentStateQueryKey(key),
    queryFn: () =>
      apiCall(paymentRoutes.paymentState, { query: { componentId: key.componentId, itemId: key.itemId } }),
    staleTime: 0,
  });
  const charge = useMutation({
    mutationFn: (method: PaymentCharge['method']) =>
      apiCall(paymentRoutes.createCharge, {
        body: { componentId: key.componentId, itemId: key.itemId, method },
      }),
  });
  return {
    state: state.isSuccess ? state.data : undefined,
    refetch: state.refetch,
    createCharge: charge.mutate,
    charging: charge.isPending,
    chargeError: charge.error,
    charge: charge.data ?? (state.isSuccess ? state.data.charge : null),
  };
}
