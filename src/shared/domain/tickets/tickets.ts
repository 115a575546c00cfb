/**
 * The Resolution Centre's rules (DESIGN §2 "Resolution Centre") as data: the reasons a customer
 * picks, the statuses, who may close and reopen, what a reply does to the status, and what an
 * attachment may be. The server applies them in a transaction; the screens offer what they allow.
 */

export const TICKET_REASONS = ['Print quality', 'Delivery', 'Artwork', 'Billing', 'Other'] as const;
export type TicketReason = (typeof TICKET_REASONS)[number];

/** `open`: waiting for staff; `answered`: waiting for the customer; `closed`: settled. */
export const TICKET_STATUS_NAMES = {
  open: 'Waiting for us',
  answered: 'Answered',
  closed: 'Closed',
} as const;
export type TicketStatus = keyof typeof TICKET_STATUS_NAMES;
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const satisfies readonly TicketStatus[];

/** Staff read the same statuses from their side of the desk. */
export const STAFF_TICKET_STATUS_NAMES: Record<TicketStatus, string> = {
  open: 'Waiting for staff',
  answered: 'Waiting for customer',
  closed: 'Closed',
};

export type TicketActor = 'customer' | 'staff';

export interface TicketTransition {
  from: TicketStatus;
  to: TicketStatus;
  by: readonly TicketActor[];
  /** What the move is called on a button. */
  action: 'Close' | 'Reopen';
}

// prettier-ignore
export const TICKET_TRANSITIONS: readonly TicketTransition[] = [
  { from: 'open',     to: 'closed', by: ['customer', 'staff'], action: 'Close' },
  { from: 'answered', to: 'closed', by: ['customer', 'staff'], action: 'Close' },
  // A reopened ticket waits for staff, whoever reopened it.
  { from: 'closed',   to: 'open',   by: ['customer', 'staff'], action: 'Reopen' },
];

export function findTicketTransition(from: TicketStatus, to: TicketStatus, actor: TicketActor): TicketTransition | undefined {
  return TICKET_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by.includes(actor));
}

/** The status after a message (a reply or files) by `actor`, or null when the ticket takes none (closed: reopen first). */
export function statusAfterMessage(status: TicketStatus, actor: TicketActor): TicketStatus | null {
  if (status === 'closed') return null;
  return actor === 'staff' ? 'answered' : 'open';
}

export const CLOSED_TICKET_MESSAGE = 'This ticket is closed: reopen it to reply.';

/** Attachments: PNG, JPEG or PDF by their content, each at most 10 MB, at most 5 per message. */
export const TICKET_FILE_MAX_MB = 10;
export const TICKET_FILE_MAX_BYTES = TICKET_FILE_MAX_MB * 1024 * 1024;
export const TICKET_FILES_PER_MESSAGE = 5;
export const TICKET_FILE_KINDS = ['png', 'jpeg', 'pdf'] as const;
export type TicketFileKind = (typeof TICKET_FILE_KINDS)[number];
/** What a file chooser accepts (the server still judges by content). */
export const TICKET_FILE_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';
/** The longest message, in characters. */
export const TICKET_TEXT_MAX = 5000;

/** Why a chosen file cannot be attached, judged by what the browser knows (name, type, size); null when it may go. */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | null {
  const byType = ['image/png', 'image/jpeg', 'application/pdf'].includes(file.type);
  const byName = /\.(png|jpe?g|pdf)$/i.test(file.name);
  if (!byType && !byName) return `${file.name}: only PNG, JPEG or PDF files can be attached.`;
  if (file.size > TICKET_FILE_MAX_BYTES) return `${file.name}: at most ${TICKET_FILE_MAX_MB} MB per file.`;
  if (file.size === 0) return `${file.name}: this file is empty.`;
  return null;
}

/**
 * Files chosen for a message, added to those chosen already: each checked as the browser can
 * (attachmentProblem), and none beyond TICKET_FILES_PER_MESSAGE. Answers the files kept and why the others were not.
 */
export function addAttachments<F extends { name: string; type: string; size: number }>(
  chosen: readonly F[],
  added: readonly F[],
): { files: F[]; problems: string[] } {
  const files = [...chosen];
  const problems: string[] = [];
  for (const file of added) {
    const problem = attachmentProblem(file);
    if (problem) problems.push(problem);
    else if (files.length >= TICKET_FILES_PER_MESSAGE) problems.push(`${file.name}: at most ${TICKET_FILES_PER_MESSAGE} files per message.`);
    else files.push(file);
  }
  return { files, problems };
}
