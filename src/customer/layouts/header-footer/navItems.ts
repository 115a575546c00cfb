import { ORDER_STATUSES } from '../../../shared/domain/orders/statuses';
import { route } from '../../paths';

export interface NavItem {
  label: string;
  to: string;
}

/**
 * The signed-in navigation bar, in the specification's order (§2). An account that may not order
 * yet (role none, awaiting approval) is offered only what it may open: every ordering page would
 * send it to /unauthorized, so it gets its home and what happens next instead.
 */
export function navItems(mayOrder = true): NavItem[] {
  if (!mayOrder) {
    return [
      { label: 'Home', to: route('home') },
      { label: 'Account approval', to: route('unauthorized') },
    ];
  }
  return [
    { label: 'New Order', to: route('create.index') },
    ...ORDER_STATUSES.map(({ status, label }) => ({ label, to: route('orders.index', {}, { status }) })),
    { label: 'Invoices', to: route('invoices.index') },
    { label: 'Prices', to: route('prices') },
    { label: 'Resolution Centre', to: route('tickets.index') },
  ];
}

/**
 * The account menu; Administrator only for the admin role (specification §6). The address book
 * and the trade API only for an account that may order (they are for orders).
 */
export function accountItems(isAdmin: boolean, mayOrder = true): NavItem[] {
  return [
    { label: 'Update Profile', to: route('account.profile') },
    { label: 'Change Password', to: route('account.password') },
    ...(mayOrder
      ? [
          { label: 'Company', to: route('account.company') },
          { label: 'Address Book', to: route('account.addresses') },
          { label: 'Trade API', to: route('account.api') },
        ]
      : []),
    ...(isAdmin ? [{ label: 'Administrator', to: route('admin.index') }] : []),
  ];
}

/**
 * Whether a bar entry is the page being shown: a status entry matches its own ?status= only,
 * other entries match their path and what lies below it (/tickets/12 is in Resolution Centre).
 */
export function isCurrent(item: NavItem, location: { pathname: string; search: string }): boolean {
  const target = new URL(item.to, 'http://local');
  if (target.search) {
    return location.pathname === target.pathname && new URLSearchParams(location.search).get('status') === target.searchParams.get('status');
  }
  return location.pathname === target.pathname || location.pathname.startsWith(`${target.pathname}/`);
}
