import { EmptyState } from '../../common/EmptyState';

/** Orders, Prices, Products and Invoices of a user: each fills when its part of the system is built. */
export function FutureTab({ what, when }: { what: string; when: string }) {
  return (
    <EmptyState title={`No ${what.toLowerCase()} to show yet`}>
      {what} for this customer will appear here {when}. Nothing is missing: this part of the staff area is not built yet.
    </EmptyState>
  );
}
