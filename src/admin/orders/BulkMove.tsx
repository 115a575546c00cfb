import MoveIcon from '@mui/icons-material/MoveDown';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useDataProvider, useGetMany, useListContext, useRefresh } from 'react-admin';
import type { StaffOrderSummary, BulkMoveResult } from '../../shared/api/staff-orders';
import { CONFIRMED_ORDER_STATUSES, type ConfirmedOrderStatus } from '../../shared/domain/orders/statuses';
import { commonTargets } from '../../shared/domain/orders/transitions';
import { PerOrderResults } from '../common/PerOrderResults';
import type { StaffDataProvider } from '../dataProvider';
import { MoveDialog, type MoveValues } from './MoveDialog';

/** A bulk move being made: the orders, and the statuses all of them could move to when it began. */
interface BulkMove {
  ids: number[];
  targets: ConfirmedOrderStatus[];
}

const OpenBulkMove = createContext<(move: BulkMove) => void>(() => undefined);

/**
 * Holds the bulk move dialog for a list, outside its table: the table's bulk toolbar comes and goes
 * with the selection and the screen width, and the dialog (with its results) must not go with it.
 * When the results are closed, the orders that moved leave the selection (refused ones stay) and
 * the list and its counts are read again.
 */
export function BulkMoveHost({ children }: { children: ReactNode }) {
  const { onSelect } = useListContext<StaffOrderSummary>();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const [move, setMove] = useState<BulkMove | null>(null);
  const [results, setResults] = useState<BulkMoveResult[] | null>(null);

  async function submit(values: MoveValues) {
    if (!move) return;
    setResults(await dataProvider.bulkMoveOrders({ ids: move.ids, status: values.status, note: values.note, problem_text: values.problem_text }));
  }
  function close() {
    if (results) {
      onSelect(results.filter((r) => !r.ok).map((r) => r.id));
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      refresh();
    }
    setMove(null);
    setResults(null);
  }
  const count = move?.ids.length ?? 0;
  return (
    <OpenBulkMove.Provider value={setMove}>
      {children}
      {move ? (
        <MoveDialog
          open
          title={`Move ${count} order${count === 1 ? '' : 's'}`}
          targets={move.targets}
          intro="Each order moves in its own step: those that cannot move are listed with the reason, and the others still move. Customers are e-mailed as for a single move."
          onSubmit={submit}
          onClose={close}
          done={results ? <PerOrderResults results={results} done="moved" /> : undefined}
        />
      ) : null}
    </OpenBulkMove.Provider>
  );
}

/**
 * The table's bulk action: offers the statuses the transition table allows for every selected order
 * (read afresh, as the selection may span pages), in the order an order moves through them.
 */
export function BulkMoveButton() {
  const { selectedIds } = useListContext<StaffOrderSummary>();
  const open = useContext(OpenBulkMove);
  const { data: selected, isPending } = useGetMany<StaffOrderSummary>('orders', { ids: selectedIds }, { enabled: selectedIds.length > 0 });
  const common = new Set(commonTargets(selected?.map((o) => o.status) ?? [], 'staff'));
  const targets = CONFIRMED_ORDER_STATUSES.filter((status) => common.has(status));
  return (
    <Button
      size="small"
      startIcon={<MoveIcon />}
      onClick={() => open({ ids: selectedIds.map(Number), targets })}
      disabled={isPending || !targets.length}
      title={targets.length ? undefined : 'The selected orders have no move in common'}
    >
      {isPending || targets.length ? 'Move to…' : 'No common move'}
    </Button>
  );
}
