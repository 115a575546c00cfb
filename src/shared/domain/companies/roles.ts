/**
 * What a member of a customer's company may do (DESIGN §2 "Companies"). One place for the rule: the
 * server refuses by it (403) and the screens hide or disable by it.
 */
export const COMPANY_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  buyer: 'Buyer',
  viewer: 'Viewer',
};

export const COMPANY_ROLE_HELP: Record<CompanyRole, string> = {
  owner: 'Everything: orders, approvals, members, billing, API keys and webhooks.',
  buyer: 'Orders print; a confirmation above their approval limit waits for an owner.',
  viewer: 'Sees the company’s orders, invoices, quotes and tickets; orders nothing.',
};

export type CompanyAction =
  /** Read the company's orders, invoices, quotes, tickets and addresses. */
  | 'read'
  /** Build baskets, confirm orders, save quotes, upload artwork, decide proofs, raise tickets, keep addresses. */
  | 'order'
  /** Approve or decline a colleague's order above their limit. */
  | 'approve'
  /** Invite, change and remove members; set approval limits. */
  | 'manage_members'
  /** The company's details, logo, payment, API keys and webhooks. */
  | 'manage_billing';

const ALLOWED: Record<CompanyRole, readonly CompanyAction[]> = {
  owner: ['read', 'order', 'approve', 'manage_members', 'manage_billing'],
  buyer: ['read', 'order'],
  viewer: ['read'],
};

export function companyMay(role: CompanyRole, action: CompanyAction): boolean {
  return ALLOWED[role].includes(action);
}

/** Why a member may not: the 403's message, and the screens' hint. */
export const COMPANY_REFUSALS: Record<Exclude<CompanyAction, 'read'>, string> = {
  order: 'Your role in your company is viewer: you can see its orders and invoices, but not order. An owner can change your role.',
  approve: 'Only an owner of your company can approve or decline orders.',
  manage_members: 'Only an owner of your company can manage its members.',
  manage_billing: 'Only an owner of your company can change its details, payment, API keys and webhooks.',
};

/**
 * The limit a buyer's confirmation is held above (pence), or null for none: their own, else the
 * company's for all buyers. Owners are never held; viewers order nothing.
 */
export function approvalLimitOf(member: { companyRole: CompanyRole; approvalLimit: number | null }, company: { approvalLimit: number | null }): number | null {
  if (member.companyRole !== 'buyer') return null;
  return member.approvalLimit ?? company.approvalLimit;
}

/** Whether a buyer's order of `totalNet` pence (goods and delivery, without VAT: what a business budgets in) waits for an owner's approval. */
export function needsApproval(totalNet: number, limit: number | null): boolean {
  return limit !== null && totalNet > limit;
}
