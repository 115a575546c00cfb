/**
 * The application name shown in page titles, the header and the footer. The server has its own
 * APP_NAME for e-mails; the browser build reads VITE_APP_NAME so a white-label build can rename it.
 */
export const APP_NAME: string = import.meta.env.VITE_APP_NAME?.trim() || 'Print Junction Trade';

/** The working hours the footer shows (specification §1, §9). */
export const WORKING_HOURS = 'Monday to Friday 08:30 to 17:00';
