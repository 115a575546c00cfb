import { useCallback, useEffect, useState } from 'react';
import { priceListSchema, type PriceList } from '../../../shared/api';
import { http } from '../../../shared/http';

export type PriceListState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; list: PriceList };

/** GET /api/prices for the signed-in customer, with a retry. */
export function usePriceList(): { state: PriceListState; reload: () => void } {
  const [state, setState] = useState<PriceListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    http.get<unknown>('/api/prices').then(
      ({ data }) => current && setState({ status: 'loaded', list: priceListSchema.parse(data) }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, reload };
}
