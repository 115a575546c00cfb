import { z } from 'zod';
import { TICKET_REASONS, TICKET_STATUSES, TICKET_TEXT_MAX, TICKET_FILE_KINDS } from '../domain/tickets/tickets';
import { idSchema, placedBySchema, textSchema, wholeNumberSchema } from './common';

/**
 * The Resolution Centre's calls (DESIGN §3): the customer's /api/tickets and staff /api/admin/tickets.
 * A ticket opens with a reason, details and optionally one of the customer's orders; each side
 * then writes messages (text, or files only), and either side closes or reopens it.
 */

/** The multipart field of attachments (repeated: one part per file). */
export const TICKET_FILES_FIELD = 'files';

/** What leaves an optional id empty: a form's empty select sends "", JSON sends null. */
const optionalId = (message: string) => z.preprocess((value) => (value === '' || value === null ? undefined : value), idSchema(message).optional());

/** A message's text: required, trimmed, with the screen's own words when it is missing. */
const messageText = (missing: string) => textSchema({ message: missing }).trim().min(1, missing).max(TICKET_TEXT_MAX, `At most ${TICKET_TEXT_MAX} characters`);

/** `POST /api/tickets` (JSON, or multipart with `files` beside these fields). */
export const ticketCreateSchema = z.strictObject({
  reason: z.enum(TICKET_REASONS, { message: 'Choose what it is about' }),
  details: messageText('Tell us what happened'),
  order_id: optionalId('Choose one of your orders'),
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;

/** `POST /api/tickets/{id}/replies` (JSON, or multipart with `files`). */
export const ticketReplySchema = z.strictObject({
  body: messageText('Write your reply'),
});
export type TicketReplyInput = z.input<typeof ticketReplySchema>;

export const ticketFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(TICKET_FILE_KINDS),
  size: z.number(),
  /** Images: their size in pixels, and a thumbnail to show in the thread. */
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type TicketFile = z.infer<typeof ticketFileSchema>;

/** A message of the thread: the opening details (id 0), a reply, or files sent on their own (empty body). */
export const ticketMessageSchema = z.object({
  id: z.number(),
  author: z.enum(['customer', 'staff']),
  /** "You" is the screens' business: this is the writer's name (staff: their first name and the company's). */
  author_name: z.string(),
  body: z.string(),
  files: z.array(ticketFileSchema),
  at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A close or a reopen, in the thread between the messages. */
export const ticketEventSchema = z.object({
  from: z.enum(TICKET_STATUSES),
  to: z.enum(TICKET_STATUSES),
  actor: z.enum(['customer', 'staff']),
  actor_name: z.string(),
  at: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** A row of a list. */
export const ticketSummarySchema = z.object({
  id: z.number(),
  reason: z.enum(TICKET_REASONS),
  status: z.enum(TICKET_STATUSES),
  order_id: z.number().nullable(),
  /** The last message: who wrote it, when, and its first words. */
  last_message_by: z.enum(['customer', 'staff']),
  last_message_at: z.string(),
  last_message_excerpt: z.string(),
  messages: z.number(),
  created_at: z.string(),
  /** The member of the customer's company who raised it (members see each other's tickets). */
  placed_by: placedBySchema,
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({
  details: z.string(),
  thread: z.array(ticketMessageSchema),
  events: z.array(ticketEventSchema),
  updated_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketCountsSchema = z.object({ all: z.number(), open: z.number(), answered: z.number(), closed: z.number() });
export type TicketCounts = z.infer<typeof ticketCountsSchema>;

/** `GET /api/tickets`: the customer's own, most recent message first. */
export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES, { message: 'Not a ticket status' }).optional(),
  q: textSchema().trim().max(100, 'At most 100 characters').optional(),
  page: wholeNumberSchema('Page', 1, 100_000).optional().default(1),
  per_page: wholeNumberSchema('Per page', 1, 100).optional().default(20),
});
export const ticketListSchema = z.object({
  data: z.array(ticketSummarySchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  counts: ticketCountsSchema,
});
export type TicketList = z.infer<typeof ticketListSchema>;

/** `GET /api/tickets/{id}/files/{fileId}?size=thumbnail` answers an image's thumbnail. */
export const ticketFileQuerySchema = z.object({ size: z.enum(['full', 'thumbnail'], { message: 'size is full or thumbnail' }).optional().default('full') });

const customerOf = z.object({ id: z.number(), email: z.string(), company_name: z.string(), firstname: z.string(), lastname: z.string() });

/** A row of the staff list (`/api/admin/tickets`): whose it is besides the summary. */
export const staffTicketSummarySchema = ticketSummarySchema.extend({
  user_id: z.number(),
  /** The customer's company, or their name when they trade as themselves. */
  customer: z.string(),
  email: z.string(),
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummarySchema>;

/** One ticket as staff see it: the thread and the customer. */
export const staffTicketSchema = ticketSchema.extend({
  user_id: z.number(),
  customer: z.string(),
  email: z.string(),
  user: customerOf,
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;
