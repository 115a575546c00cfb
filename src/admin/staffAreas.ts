import type { SvgIconComponent } from '@mui/icons-material';
import BatchesIcon from '@mui/icons-material/ViewModule';
import DeliveryIcon from '@mui/icons-material/LocalShipping';
import OrdersIcon from '@mui/icons-material/ReceiptLong';
import ProductsIcon from '@mui/icons-material/Category';
import RoyalMailIcon from '@mui/icons-material/MarkunreadMailbox';
import SettingsIcon from '@mui/icons-material/Settings';
import StockIcon from '@mui/icons-material/Layers';
import TicketsIcon from '@mui/icons-material/SupportAgent';
import UsersIcon from '@mui/icons-material/People';
import CountriesIcon from '@mui/icons-material/Public';
import ClosedDaysIcon from '@mui/icons-material/EventBusy';
import MailIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import AgedDebtIcon from '@mui/icons-material/HourglassBottom';
import AccountsIcon from '@mui/icons-material/AccountBalance';
import ReportsIcon from '@mui/icons-material/BarChart';

export interface StaffArea {
  /** The area's path under /admin, e.g. `users` for /admin/users (specification §2). */
  path: string;
  name: string;
  description: string;
  /** The dashboard tile's image. */
  image: string;
  MenuIcon: SvgIconComponent;
  /** Parts of the area that already exist, linked from the menu and from its page. */
  parts?: ReadonlyArray<{ path: string; name: string; MenuIcon: SvgIconComponent }>;
}

/** The staff areas, in dashboard order: the tiles and the menu read this list. */
export const STAFF_AREAS: readonly StaffArea[] = [
  {
    path: 'users',
    name: 'Users',
    description: 'Customer and staff accounts, roles, logos and price agreements.',
    image: '/admin-icons/users.svg',
    MenuIcon: UsersIcon,
  },
  { path: 'stock', name: 'Stock', description: 'Paper stocks with their sheet and printing costs.', image: '/admin-icons/stock.svg', MenuIcon: StockIcon },
  {
    path: 'products',
    name: 'Products',
    description: 'Products, the stocks they are made on, and their margins.',
    image: '/admin-icons/products.svg',
    MenuIcon: ProductsIcon,
  },
  {
    path: 'delivery',
    name: 'Delivery',
    description: 'Delivery services, their weight bands, the countries served and the closed days.',
    image: '/admin-icons/delivery.svg',
    MenuIcon: DeliveryIcon,
    parts: [
      { path: 'delivery/countries', name: 'Countries', MenuIcon: CountriesIcon },
      { path: 'delivery/closed-days', name: 'Closed days', MenuIcon: ClosedDaysIcon },
    ],
  },
  {
    path: 'orders',
    name: 'Orders',
    description: 'Every order with its status, artwork and history.',
    image: '/admin-icons/orders.svg',
    MenuIcon: OrdersIcon,
    parts: [
      { path: 'payments', name: 'Payments', MenuIcon: PaymentsIcon },
      { path: 'aged-debt', name: 'Aged debt', MenuIcon: AgedDebtIcon },
      { path: 'accounts', name: 'Accounts', MenuIcon: AccountsIcon },
      { path: 'reports', name: 'Reports', MenuIcon: ReportsIcon },
    ],
  },
  {
    path: 'batches',
    name: 'Batches',
    description: 'Production runs: Pending items gathered into a ZIP for the press.',
    image: '/admin-icons/batches.svg',
    MenuIcon: BatchesIcon,
  },
  {
    path: 'royalmail',
    name: 'Royal Mail',
    description: 'Dispatch printed orders through Click & Drop, with their tracking numbers.',
    image: '/admin-icons/royalmail.svg',
    MenuIcon: RoyalMailIcon,
  },
  {
    path: 'tickets',
    name: 'Resolution Centre',
    description: 'Customer tickets: reply, attach files and close.',
    image: '/admin-icons/tickets.svg',
    MenuIcon: TicketsIcon,
  },
  {
    path: 'settings',
    name: 'Settings',
    description: 'Status banner, company details, VAT and other settings.',
    image: '/admin-icons/settings.svg',
    MenuIcon: SettingsIcon,
    parts: [{ path: 'mail', name: 'Mail outbox', MenuIcon: MailIcon }],
  },
];

/** The staff area's base path; react-admin runs under it (`<Admin basename>`). */
export const STAFF_BASE = '/admin';

/** An absolute link to a staff path, e.g. staffUrl('users/add') → /admin/users/add. */
export const staffUrl = (path = ''): string => (path ? `${STAFF_BASE}/${path}` : STAFF_BASE);
