/**
 * What the customer's and the staff's ticket screens show alike: the status, the thread with its
 * files, the file chooser and the reply form. `viewer` says whose screen it is: a customer reads
 * their own messages as "You"; staff read every writer's name with their side in words.
 */

export { AttachmentPicker } from './AttachmentPicker';
export { type FetchTicketFile } from './TicketAttachments';
export { TicketReplyForm, type ReplyFailure, type SendProgress, type TicketReplyFormProps } from './TicketReplyForm';
export { TicketStatusChip } from './TicketStatusChip';
export { threadEntries, TicketThread } from './TicketThread';
